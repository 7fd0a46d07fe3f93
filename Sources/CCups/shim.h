#include <cups/cups.h>
#include <cups/ipp.h>
