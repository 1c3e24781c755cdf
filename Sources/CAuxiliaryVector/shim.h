// The kernel's auxiliary vector (getauxval), which the Glibc module leaves out:
// how the process was started.
#include <sys/auxv.h>
