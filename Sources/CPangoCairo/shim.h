// SPDX-License-Identifier: Apache-2.0
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
