#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include "Affinity.h"

int anydoc_affinity_cpu_count(void) {
#ifdef __linux__
    // A mask sized for this machine's CPU numbers, not the fixed 1,024 of
    // cpu_set_t: larger machines exist.
    for (int cpus = 1024; cpus <= (1 << 16); cpus *= 4) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (set == NULL) return 0;
        size_t size = CPU_ALLOC_SIZE(cpus);
        int count = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : -1;
        CPU_FREE(set);
        if (count >= 0) return count;
    }
#endif
    return 0;
}
