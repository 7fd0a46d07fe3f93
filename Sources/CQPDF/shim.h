// SPDX-License-Identifier: Apache-2.0
#include <qpdf/qpdf-c.h>
#include <stdlib.h>
