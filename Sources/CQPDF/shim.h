#include <qpdf/qpdf-c.h>
#include <stdlib.h>
