#include "picture_shims.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

/* A progressive JPEG may hold any number of scans, each a full pass over the picture: more
 * than the caller's limit is an attack, not a photo. */
typedef struct {
  struct jpeg_progress_mgr manager;
  int max_scans;
} cr_jpeg_progress_limit;

static void cr_set_error(char *error, size_t error_size, const char *text) {
  if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", text);
}

static uint32_t cr_argb(uint32_t alpha, uint32_t red, uint32_t green, uint32_t blue) {
  return (alpha << 24) | (red << 16) | (green << 8) | blue;
}

/* One RGBA pixel (straight alpha) as premultiplied ARGB32. */
static uint32_t cr_premultiplied(const uint8_t *rgba) {
  uint32_t alpha = rgba[3];
  if (alpha == 255) return cr_argb(255, rgba[0], rgba[1], rgba[2]);
  if (alpha == 0) return 0;
  return cr_argb(alpha, (rgba[0] * alpha + 127) / 255, (rgba[1] * alpha + 127) / 255,
                 (rgba[2] * alpha + 127) / 255);
}

/* MARK: - Shrinking by whole blocks */

/* Averages bands of `shrink` input rows into output rows as the rows arrive, so that a picture
 * is never held at full size. */
typedef struct {
  int shrink;
  int input_width;
  int output_width;
  int output_height;
  int rows_in_band;
  int output_row;
  uint32_t *sums; /* alpha, red, green, blue per output pixel */
  uint8_t *pixels;
  size_t stride;
} cr_shrinker;

static int cr_shrinker_init(cr_shrinker *shrinker, int shrink, int input_width, int output_width,
                            int output_height, uint8_t *pixels, size_t stride) {
  shrinker->shrink = shrink;
  shrinker->input_width = input_width;
  shrinker->output_width = output_width;
  shrinker->output_height = output_height;
  shrinker->rows_in_band = 0;
  shrinker->output_row = 0;
  shrinker->pixels = pixels;
  shrinker->stride = stride;
  shrinker->sums = calloc((size_t)output_width * 4, sizeof(uint32_t));
  return shrinker->sums != NULL;
}

static void cr_shrinker_flush(cr_shrinker *shrinker) {
  if (shrinker->rows_in_band == 0 || shrinker->output_row >= shrinker->output_height) return;
  uint32_t *out = (uint32_t *)(shrinker->pixels + (size_t)shrinker->output_row * shrinker->stride);
  for (int x = 0; x < shrinker->output_width; x++) {
    int columns = shrinker->input_width - x * shrinker->shrink;
    if (columns > shrinker->shrink) columns = shrinker->shrink;
    uint32_t count = (uint32_t)(columns * shrinker->rows_in_band);
    const uint32_t *sum = shrinker->sums + (size_t)x * 4;
    out[x] = cr_argb((sum[0] + count / 2) / count, (sum[1] + count / 2) / count,
                     (sum[2] + count / 2) / count, (sum[3] + count / 2) / count);
  }
  memset(shrinker->sums, 0, (size_t)shrinker->output_width * 4 * sizeof(uint32_t));
  shrinker->rows_in_band = 0;
  shrinker->output_row += 1;
}

/* Adds one row of premultiplied ARGB32 pixels. */
static void cr_shrinker_add(cr_shrinker *shrinker, const uint32_t *row) {
  for (int x = 0; x < shrinker->input_width; x++) {
    uint32_t pixel = row[x];
    uint32_t *sum = shrinker->sums + (size_t)(x / shrinker->shrink) * 4;
    sum[0] += pixel >> 24;
    sum[1] += (pixel >> 16) & 0xFF;
    sum[2] += (pixel >> 8) & 0xFF;
    sum[3] += pixel & 0xFF;
  }
  shrinker->rows_in_band += 1;
  if (shrinker->rows_in_band == shrinker->shrink) cr_shrinker_flush(shrinker);
}

static void cr_shrinker_free(cr_shrinker *shrinker) {
  free(shrinker->sums);
  shrinker->sums = NULL;
}

void cr_argb_shrink(const uint8_t *input, size_t input_stride, int input_width,
                    int input_height, int shrink, uint8_t *output, size_t output_stride) {
  int output_width = (input_width + shrink - 1) / shrink;
  int output_height = (input_height + shrink - 1) / shrink;
  cr_shrinker shrinker;
  if (!cr_shrinker_init(&shrinker, shrink, input_width, output_width, output_height, output,
                        output_stride))
    return;
  for (int y = 0; y < input_height; y++) {
    cr_shrinker_add(&shrinker, (const uint32_t *)(input + (size_t)y * input_stride));
  }
  cr_shrinker_flush(&shrinker);
  cr_shrinker_free(&shrinker);
}

/* MARK: - JPEG */

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} cr_jpeg_error;

static void cr_jpeg_error_exit(j_common_ptr info) {
  cr_jpeg_error *error = (cr_jpeg_error *)info->err;
  (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

/* Warnings pass, except running out of data: a truncated file is an error, not a grey half. */
static void cr_jpeg_emit_message(j_common_ptr info, int level) {
  cr_jpeg_error *error = (cr_jpeg_error *)info->err;
  if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
    snprintf(error->message, sizeof error->message, "the file is truncated");
    longjmp(error->jump, 1);
  }
}

static void cr_jpeg_progress(j_common_ptr info) {
  if (!info->is_decompressor) return;
  j_decompress_ptr decompress = (j_decompress_ptr)info;
  int max_scans = ((cr_jpeg_progress_limit *)decompress->progress)->max_scans;
  if (decompress->input_scan_number > max_scans) {
    cr_jpeg_error *error = (cr_jpeg_error *)info->err;
    snprintf(error->message, sizeof error->message, "more than %d progressive scans", max_scans);
    longjmp(error->jump, 1);
  }
}

/* libjpeg-turbo's colour space whose bytes are a native-endian ARGB32 pixel, alpha 255. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CR_JPEG_NATIVE_ARGB JCS_EXT_BGRA
#else
#define CR_JPEG_NATIVE_ARGB JCS_EXT_ARGB
#endif

/* Reads the header and sets the output colour space and scale; call inside setjmp. */
static void cr_jpeg_start(struct jpeg_decompress_struct *info, const uint8_t *data, size_t size,
                          int scale_eighths) {
  jpeg_mem_src(info, (unsigned char *)data, (unsigned long)size);
  jpeg_read_header(info, TRUE);
  switch (info->jpeg_color_space) {
  case JCS_CMYK:
  case JCS_YCCK: info->out_color_space = JCS_CMYK; break;
  /* Grey and colour decode straight to cairo's ARGB32 order (libjpeg-turbo's own SIMD
     conversion), with no pass of ours over the pixels. */
  default: info->out_color_space = CR_JPEG_NATIVE_ARGB; break;
  }
  info->scale_num = (unsigned int)scale_eighths;
  info->scale_denom = 8;
  jpeg_calc_output_dimensions(info);
}

int cr_jpeg_size(const uint8_t *data, size_t size, int scale_eighths, int *width, int *height,
                 int *scaled_width, int *scaled_height, int *components, char *error,
                 size_t error_size) {
  struct jpeg_decompress_struct info;
  cr_jpeg_error failure;
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = cr_jpeg_error_exit;
  failure.manager.emit_message = cr_jpeg_emit_message;
  if (setjmp(failure.jump)) {
    cr_set_error(error, error_size, failure.message);
    jpeg_destroy_decompress(&info);
    return 1;
  }
  jpeg_create_decompress(&info);
  cr_jpeg_start(&info, data, size, scale_eighths);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  *scaled_width = (int)info.output_width;
  *scaled_height = (int)info.output_height;
  *components = info.num_components;
  jpeg_destroy_decompress(&info);
  return 0;
}

/* One decoded CMYK row as ARGB32. Adobe writes CMYK inverted. */
static void cr_jpeg_cmyk_row_to_argb(const uint8_t *row, int width, boolean inverted,
                                     uint32_t *out) {
  for (int x = 0; x < width; x++) {
    const uint8_t *p = row + (size_t)x * 4;
    uint32_t c = inverted ? p[0] : 255 - p[0], m = inverted ? p[1] : 255 - p[1];
    uint32_t y = inverted ? p[2] : 255 - p[2], k = inverted ? p[3] : 255 - p[3];
    out[x] = cr_argb(255, (c * k + 127) / 255, (m * k + 127) / 255, (y * k + 127) / 255);
  }
}

int cr_jpeg_decode(const uint8_t *data, size_t size, int scale_eighths, uint8_t *pixels,
                   size_t stride, int width, int height, int max_scans, char *error,
                   size_t error_size) {
  struct jpeg_decompress_struct info;
  cr_jpeg_progress_limit progress;
  cr_jpeg_error failure;
  /* volatile: read after longjmp */
  uint8_t *volatile row = NULL;
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = cr_jpeg_error_exit;
  failure.manager.emit_message = cr_jpeg_emit_message;
  if (setjmp(failure.jump)) {
    cr_set_error(error, error_size, failure.message);
    free(row);
    jpeg_destroy_decompress(&info);
    return 1;
  }
  jpeg_create_decompress(&info);
  progress.manager.progress_monitor = cr_jpeg_progress;
  progress.max_scans = max_scans;
  info.progress = &progress.manager;
  cr_jpeg_start(&info, data, size, scale_eighths);
  if ((int)info.output_width != width || (int)info.output_height != height) {
    snprintf(failure.message, sizeof failure.message, "unexpected decoded size");
    longjmp(failure.jump, 1);
  }
  jpeg_start_decompress(&info);
  boolean is_cmyk = info.out_color_space == JCS_CMYK;
  if (is_cmyk) {
    row = malloc((size_t)info.output_width * (size_t)info.output_components);
    if (row == NULL) {
      snprintf(failure.message, sizeof failure.message, "out of memory");
      longjmp(failure.jump, 1);
    }
  }
  while (info.output_scanline < info.output_height) {
    uint8_t *target = pixels + (size_t)info.output_scanline * stride;
    JSAMPROW rows[1] = {is_cmyk ? row : target};
    if (jpeg_read_scanlines(&info, rows, 1) != 1) {
      snprintf(failure.message, sizeof failure.message, "the file is truncated");
      longjmp(failure.jump, 1);
    }
    if (is_cmyk) cr_jpeg_cmyk_row_to_argb(row, width, info.saw_Adobe_marker, (uint32_t *)target);
  }
  jpeg_finish_decompress(&info);
  free(row);
  jpeg_destroy_decompress(&info);
  return 0;
}

/* MARK: - PNG */

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  char message[200];
} cr_png_source;

static void cr_png_read(png_structp png, png_bytep out, png_size_t count) {
  cr_png_source *source = (cr_png_source *)png_get_io_ptr(png);
  if (count > source->size - source->offset) png_error(png, "the file is truncated");
  memcpy(out, source->data + source->offset, count);
  source->offset += count;
}

static void cr_png_error(png_structp png, png_const_charp message) {
  cr_png_source *source = (cr_png_source *)png_get_error_ptr(png);
  snprintf(source->message, sizeof source->message, "%s", message);
  png_longjmp(png, 1);
}

static void cr_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

/* Creates the reader; NULL when out of memory. */
static png_structp cr_png_create(cr_png_source *source) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, cr_png_error,
                                           cr_png_warning);
  if (png != NULL) png_set_read_fn(png, source, cr_png_read);
  return png;
}

int cr_png_size(const uint8_t *data, size_t size, int *width, int *height, char *error,
                size_t error_size) {
  cr_png_source source = {data, size, 0, ""};
  png_structp png = cr_png_create(&source);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    cr_set_error(error, error_size, "out of memory");
    return 1;
  }
  if (setjmp(png_jmpbuf(png))) {
    cr_set_error(error, error_size, source.message);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
  }
  png_read_info(png, info);
  *width = (int)png_get_image_width(png, info);
  *height = (int)png_get_image_height(png, info);
  png_destroy_read_struct(&png, &info, NULL);
  return 0;
}

/* Every PNG as 8-bit RGBA rows: palettes, grey, low and 16-bit depths and tRNS expanded. */
static void cr_png_set_rgba(png_structp png, png_infop info) {
  int color = png_get_color_type(png, info);
  int depth = png_get_bit_depth(png, info);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (depth == 16) png_set_scale_16(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
}

int cr_png_decode(const uint8_t *data, size_t size, int shrink, uint8_t *pixels, size_t stride,
                  int width, int height, char *error, size_t error_size) {
  cr_png_source source = {data, size, 0, ""};
  png_structp png = cr_png_create(&source);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  /* volatile: freed after longjmp */
  uint8_t *volatile image = NULL;
  uint32_t *volatile argb_row = NULL;
  cr_shrinker shrinker = {0};
  cr_shrinker *volatile active = NULL;
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    cr_set_error(error, error_size, "out of memory");
    return 1;
  }
  if (setjmp(png_jmpbuf(png))) {
    cr_set_error(error, error_size, source.message);
    free(image);
    free(argb_row);
    if (active != NULL) cr_shrinker_free(active);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
  }
  png_read_info(png, info);
  int input_width = (int)png_get_image_width(png, info);
  int input_height = (int)png_get_image_height(png, info);
  if ((input_width + shrink - 1) / shrink != width ||
      (input_height + shrink - 1) / shrink != height)
    png_error(png, "unexpected decoded size");
  cr_png_set_rgba(png, info);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  size_t row_bytes = png_get_rowbytes(png, info);
  if (row_bytes != (size_t)input_width * 4) png_error(png, "unexpected row layout");
  /* An interlaced picture arrives in passes over the whole image, so it is read whole. */
  size_t rows_held = passes > 1 ? (size_t)input_height : 1;
  image = malloc(row_bytes * rows_held);
  argb_row = malloc((size_t)input_width * sizeof(uint32_t));
  if (image == NULL || argb_row == NULL) png_error(png, "out of memory");
  if (shrink > 1) {
    if (!cr_shrinker_init(&shrinker, shrink, input_width, width, height, pixels, stride))
      png_error(png, "out of memory");
    active = &shrinker;
  }
  if (passes > 1) {
    for (int pass = 0; pass < passes; pass++) {
      for (int y = 0; y < input_height; y++) png_read_row(png, image + (size_t)y * row_bytes, NULL);
    }
  }
  for (int y = 0; y < input_height; y++) {
    uint8_t *rgba = image + (passes > 1 ? (size_t)y * row_bytes : 0);
    if (passes == 1) png_read_row(png, rgba, NULL);
    uint32_t *out = shrink > 1 ? argb_row : (uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < input_width; x++) out[x] = cr_premultiplied(rgba + (size_t)x * 4);
    if (shrink > 1) cr_shrinker_add(&shrinker, argb_row);
  }
  if (shrink > 1) {
    cr_shrinker_flush(&shrinker);
    cr_shrinker_free(&shrinker);
    active = NULL;
  }
  free(image);
  free(argb_row);
  png_destroy_read_struct(&png, &info, NULL);
  return 0;
}
