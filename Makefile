# ChatRender: `make demo` renders Samples/ into out/; `make test` runs every test.
SWIFT ?= swift
RELEASE_BIN := .build/release/chatrender
PACKAGES := pkg-config libcairo2-dev libpango1.0-dev zlib1g-dev \
	fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core poppler-utils \
	libcmark-gfm-dev libcmark-gfm-extensions-dev
# Hermetic test environment (ARCHITECTURE §2.9): pinned fonts, locale and PDF date.
TEST_ENV := FONTCONFIG_FILE=$(CURDIR)/Tests/ChatRenderTests/Fixtures/fonts/fonts.conf \
	LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=0 TZ=UTC

.PHONY: demo test deps build bench gallery clean

deps:
	@scripts/install-deps.sh $(PACKAGES)

build: deps
	$(SWIFT) build -c release --product chatrender

demo: build
	@mkdir -p out
	$(RELEASE_BIN) render Samples/*.chat Samples/*.json -f png,pdf -o out --verbose
	@echo "Rendered Samples/ into out/"

test: deps
	$(TEST_ENV) $(SWIFT) build --build-tests
	$(TEST_ENV) $(SWIFT) test --skip-build

bench: build
	bench/run.sh

gallery: build
	scripts/gallery.sh $(RELEASE_BIN)

clean:
	rm -rf .build out
