// SPDX-License-Identifier: Apache-2.0
#include <cups/cups.h>
#include <cups/ipp.h>
