// The module only declares libFuzzer's driver; the runtime defines it.
#include "CFuzzerDriver.h"
