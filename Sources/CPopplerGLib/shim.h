#include <cairo.h>
#include <poppler.h>
