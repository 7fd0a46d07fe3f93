// SPDX-License-Identifier: Apache-2.0
#include <cairo.h>
#include <poppler.h>
