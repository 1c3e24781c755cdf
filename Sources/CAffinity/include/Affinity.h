#ifndef ANYDOC_AFFINITY_H
#define ANYDOC_AFFINITY_H

/// The number of CPUs in this process's affinity mask (what `taskset`, a
/// container's cpuset or a scheduler's pinning leaves it), or 0 when the
/// mask cannot be read. The Glibc module leaves `sched_getaffinity` out.
int anydoc_affinity_cpu_count(void);

#endif
