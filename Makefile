# ChatRender: `make demo` renders Samples/ into out/; `make test` runs every test.
SWIFT ?= swift
RELEASE_BIN := .build/release/chatrender
# The Debian packages, from the one list .ci/run and the docs share.
PACKAGES := $(shell awk '$$1 == "build" { print $$2 }' packaging/debian-packages.txt)
# Each target installs only what it needs, and only what is missing (scripts/install-deps.sh).
TEST_PACKAGES := $(PACKAGES) $(shell awk '$$1 == "test" { print $$2 }' packaging/debian-packages.txt)
DEB_PACKAGES := zsh fish lintian dpkg-dev
# Hermetic test environment (docs/ARCHITECTURE.md, "Testing pictures"): pinned fonts, locale
# and PDF date.
TEST_ENV := FONTCONFIG_FILE=$(CURDIR)/Tests/ChatRenderTests/Fixtures/fonts/fonts.conf \
	LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=0 TZ=UTC

FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=

.PHONY: demo test deps build bench gallery golden fuzz clean

deps:
	@scripts/install-deps.sh $(PACKAGES)

# The binary `make install` ships, Swift runtime linked in (it also starts 13 ms sooner: fewer
# symbols for the dynamic linker), so `make bench` and `make demo` run what users run.
build: deps
	$(SWIFT) build -c release --product chatrender --static-swift-stdlib

demo: build
	@mkdir -p out
	$(RELEASE_BIN) render Samples/*.chat Samples/*.json Samples/*.zip Samples/telegram-export \
		Samples/kakaotalk-jeju-trip.txt Samples/line-kyoto-weekend.txt Samples/dce-workshop.html \
		Samples/signal-chat Samples/google-chat-takeout Samples/google-voice Samples/threema-hike \
		-f png,pdf -o out --verbose
	$(RELEASE_BIN) render Samples/messenger-export --all-chats -f png,pdf -o out/messenger-export --verbose
	$(RELEASE_BIN) render Samples/imessage/chat.db --all-chats --theme imessage --names Samples/imessage/contacts.vcf \
		-f png,pdf -o out/imessage --verbose
	$(RELEASE_BIN) render Samples/x-archive --all-chats -f png,pdf -o out/x-archive --verbose
	$(RELEASE_BIN) render Samples/snapchat-mydata --all-chats -f png,pdf -o out/snapchat-mydata --verbose
	$(RELEASE_BIN) render Samples/discord-package --all-chats -f png,pdf -o out/discord-package --verbose
	$(RELEASE_BIN) render Samples/linkedin-messages.csv --all-chats -f png,pdf -o out/linkedin-messages --verbose
	$(RELEASE_BIN) render Samples/viber-cinema.csv -f png,pdf -o out/viber-cinema --verbose
	@echo "Rendered Samples/ into out/"

test: deps
	@scripts/install-deps.sh $(TEST_PACKAGES)
	$(TEST_ENV) $(SWIFT) build --build-tests
	$(TEST_ENV) $(SWIFT) test --skip-build
	$(TEST_ENV) $(SWIFT) test --package-path Tests/PublicAPI --scratch-path .build/public-api
	$(TEST_ENV) $(SWIFT) run --skip-build RenderChatExample Samples/lisbon-trip.chat .build/example.png

bench: build
	bench/run.sh

gallery: build
	scripts/gallery.sh $(RELEASE_BIN)

# The gallery drawn again with the pinned fonts and compared with docs/gallery/ within a few
# levels (scripts/golden.py); after a change of look meant to be seen, `make gallery` records it.
golden: deps
	$(SWIFT) build --product chatrender
	scripts/golden.py .build/debug/chatrender

# Every libFuzzer target for FUZZ_SECONDS each; corpora and findings in .fuzz/ (not in git).
# FUZZ_RUNS=N: N inputs per target from a fixed seed (what CI runs: a finding repeats anywhere).
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) scripts/fuzz.sh

clean:
	rm -rf .build out .fuzz

# One line per file of a folder of real exports: format, messages, authors, warnings, exit.
.PHONY: corpus
corpus: build
	@test -n "$(CORPUS)" || { echo "usage: make corpus CORPUS=DIR" >&2; exit 2; }
	scripts/corpus.py "$(CORPUS)" $(RELEASE_BIN)

# Style check with the toolchain's swift-format and the checked-in .swift-format.
.PHONY: lint
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Package.swift

# DocC documentation with the toolchain's own docc (the SwiftPM plugin cannot be fetched):
# symbol graphs from the debug build, then the catalog; any warning fails the target.
SYMBOL_GRAPHS := .build/symbol-graphs
C_MODULES := $(foreach map,$(wildcard Sources/C*/module.modulemap) .build/debug/CPictureShims.build/module.modulemap,-Xcc -fmodule-map-file=$(map))
# The public surface outside @_spi(Pages), counted from the symbol graph (docs/ARCHITECTURE.md,
# "Public surface").
.PHONY: public-api
public-api:
	$(SWIFT) build --target ChatRender
	scripts/public-api.sh

.PHONY: docs
docs:
	$(SWIFT) build --target ChatRender
	rm -rf $(SYMBOL_GRAPHS) .build/docs && mkdir -p $(SYMBOL_GRAPHS)
	$(SWIFT) symbolgraph-extract -module-name ChatRender -target $(shell uname -m)-unknown-linux-gnu \
	  -I .build/debug/Modules $(C_MODULES) \
	  $(patsubst -I%,-Xcc -I%,$(shell pkg-config --cflags-only-I pangocairo zlib libjpeg libpng16 libwebp libcmark-gfm opusfile libxml-2.0)) \
	  -minimum-access-level public -skip-synthesized-members -output-dir $(SYMBOL_GRAPHS)
	docc convert Sources/ChatRender/ChatRender.docc --additional-symbol-graph-dir $(SYMBOL_GRAPHS) \
	  --fallback-display-name ChatRender --fallback-bundle-identifier org.chatrender.ChatRender \
	  --warnings-as-errors --output-path .build/docs
	@echo "Documentation in .build/docs (open index.html through a web server, or docc preview)"

# ---- Install and Debian package (begin) ----
# `make install` (PREFIX, DESTDIR) puts the binary, linked with the Swift runtime statically
# so it runs without the toolchain, the man page, completions, themes and their schema.
# Man page and completions come from the binary's own flag table (`chatrender man`,
# `chatrender completions SHELL`), so they cannot drift from --help.
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/.*static let version = "chatrender \(.*\)"/\1/p' Sources/chatrender/Help.swift)
SHARE = $(DESTDIR)$(PREFIX)/share
.PHONY: build-static install deb

build-static: build

install: build-static
	install -Dm755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/chatrender
	install -d $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/vendor-completions $(SHARE)/fish/vendor_completions.d $(SHARE)/chatrender/themes
	$(RELEASE_BIN) man | gzip -9n > $(SHARE)/man/man1/chatrender.1.gz
	$(RELEASE_BIN) completions bash > $(SHARE)/bash-completion/completions/chatrender
	$(RELEASE_BIN) completions zsh > $(SHARE)/zsh/vendor-completions/_chatrender
	$(RELEASE_BIN) completions fish > $(SHARE)/fish/vendor_completions.d/chatrender.fish
	install -m644 Sources/ChatRender/Themes/theme.schema.json $(SHARE)/chatrender/theme.schema.json
	install -m644 $(filter-out %/theme.schema.json,$(wildcard Sources/ChatRender/Themes/*.json)) $(SHARE)/chatrender/themes/

# chatrender_VERSION_ARCH.deb in out/, checked by lintian (errors fail).
deb:
	@scripts/install-deps.sh $(DEB_PACKAGES)
	rm -rf .build/deb
	$(MAKE) install PREFIX=/usr DESTDIR=$(CURDIR)/.build/deb
	strip --strip-unneeded --remove-section=.comment --remove-section=.note .build/deb/usr/bin/chatrender
	packaging/build-deb.sh .build/deb $(VERSION) out
	lintian --fail-on error out/chatrender_$(VERSION)_*.deb
# ---- Install and Debian package (end) ----

# ---- Release tarball (begin) ----
# out/chatrender-VERSION-linux-ARCH.tar.gz: what `make install` installs, under bin/ and
# share/, with install.sh (docs/SERVE.md; the README's first lines).
.PHONY: dist
dist:
	@scripts/install-deps.sh dpkg-dev
	rm -rf .build/dist
	$(MAKE) install PREFIX= DESTDIR=$(CURDIR)/.build/dist/stage
	strip --strip-unneeded --remove-section=.comment --remove-section=.note .build/dist/stage/bin/chatrender
	packaging/build-dist.sh .build/dist/stage $(VERSION) out
# ---- Release tarball (end) ----
