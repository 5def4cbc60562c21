#ifndef CHATRENDER_PICTURE_SHIMS_H
#define CHATRENDER_PICTURE_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/* libjpeg and libpng report errors with longjmp, which must never cross Swift frames: these
 * functions catch them and return a non-zero status with a message in `error` instead.
 *
 * Pixels are written as cairo's CAIRO_FORMAT_ARGB32: one native-endian uint32_t per pixel,
 * alpha in the high byte, colours premultiplied by alpha. `stride` is in bytes. */

/* The size of a JPEG at full size and when decoded at `scale_eighths`/8 (1...8), and its
 * number of colour components (1 grey, 3 colour, 4 CMYK), read from its header. */
int cr_jpeg_size(const uint8_t *data, size_t size, int scale_eighths, int *width, int *height,
                 int *scaled_width, int *scaled_height, int *components, char *error,
                 size_t error_size);

/* Decodes a JPEG at `scale_eighths`/8 into `pixels`, which holds `height` rows of `stride`
 * bytes for the scaled size `cr_jpeg_size` gave; a progressive JPEG of more than `max_scans`
 * scans is an error. */
int cr_jpeg_decode(const uint8_t *data, size_t size, int scale_eighths, uint8_t *pixels,
                   size_t stride, int width, int height, int max_scans, char *error,
                   size_t error_size);

/* The size of a PNG, from its header. */
int cr_png_size(const uint8_t *data, size_t size, int *width, int *height, char *error,
                size_t error_size);

/* Decodes a PNG into `pixels`, averaging each `shrink` x `shrink` block into one pixel (1 keeps
 * the full size); `width` and `height` are the shrunk size, rounded up. */
int cr_png_decode(const uint8_t *data, size_t size, int shrink, uint8_t *pixels, size_t stride,
                  int width, int height, char *error, size_t error_size);

/* Averages each `shrink` x `shrink` block of an ARGB32 picture into one pixel of `output`,
 * whose size is the input's divided by `shrink`, rounded up. */
void cr_argb_shrink(const uint8_t *input, size_t input_stride, int input_width,
                    int input_height, int shrink, uint8_t *output, size_t output_stride);

#endif
