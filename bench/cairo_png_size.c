/* Re-encodes a PNG with cairo's own writer, to compare file sizes on the same picture:
 *   cairo_png_size in.png out.png   prints "ours=BYTES cairo=BYTES" */
#include <stdio.h>
#include <cairo.h>

static long size_of(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: cairo_png_size in.png out.png\n"); return 2; }
    cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    if (cairo_surface_write_to_png(s, argv[2]) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cannot write\n"); return 1; }
    printf("ours=%ld cairo=%ld\n", size_of(argv[1]), size_of(argv[2]));
    cairo_surface_destroy(s);
    return 0;
}
