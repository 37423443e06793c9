/*
 * cpu.c - what this machine offers: the instruction-set level (cpuid, once) and the core
 * counts the thread pool sizes itself by, and whether the SHA extensions exist (sha256.c).
 * The only platform-specific file of CKernels.
 *
 * Levels: AVX-512 needs AVX512F/BW/VL/VNNI plus AVX2/FMA/F16C; AVX2 needs AVX2/FMA/F16C.
 * `__builtin_cpu_supports` also checks that the OS saves the wider registers (XCR0).
 * arm64: NEON always; dotprod needs FEAT_DotProd (Linux: HWCAP_ASIMDDP in AT_HWCAP), i8mm
 * needs dotprod and FEAT_I8MM (HWCAP2_I8MM in AT_HWCAP2); macOS answers by sysctl.
 * Physical cores (Linux): the distinct (package, core) pairs among the CPUs this process may
 * run on (sched_getaffinity), read from /sys/devices/system/cpu/cpuN/topology.
 * Software prefetch of the weights in decode (matvec.c): by vendor (cpuid leaf 0), see
 * ck_prefetch_rows.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif

#include "ck_internal.h"

#if defined(CK_X86)
#include <cpuid.h>
#endif
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
/* The bits of the kernel's uapi asm/hwcap.h, in case the C library's headers lack them. */
#ifndef HWCAP_ASIMDDP
#define HWCAP_ASIMDDP (1UL << 20)
#endif
#ifndef HWCAP2_I8MM
#define HWCAP2_I8MM (1UL << 13)
#endif
#endif

#if defined(__aarch64__) && defined(__APPLE__)
static int ck_sysctl_flag(const char *name) {
    int value = 0;
    size_t size = sizeof(value);
    return sysctlbyname(name, &value, &size, NULL, 0) == 0 && value != 0;
}
#endif

#if defined(__aarch64__)
/* The arm64 level: NEON is part of the base architecture; dotprod and i8mm are optional. */
static int ck_probe_isa_arm64(void) {
#if defined(__linux__)
    const unsigned long hwcap = getauxval(AT_HWCAP), hwcap2 = getauxval(AT_HWCAP2);
    const int dotprod = (hwcap & HWCAP_ASIMDDP) != 0;
    const int i8mm = dotprod && (hwcap2 & HWCAP2_I8MM) != 0;
#elif defined(__APPLE__)
    const int dotprod = ck_sysctl_flag("hw.optional.arm.FEAT_DotProd");
    const int i8mm = dotprod && ck_sysctl_flag("hw.optional.arm.FEAT_I8MM");
#else
    const int dotprod = 0, i8mm = 0;
#endif
    return i8mm ? CK_ISA_I8MM : dotprod ? CK_ISA_DOTPROD : CK_ISA_NEON;
}
#endif

static int ck_probe_isa(void) {
#if defined(CK_X86)
    __builtin_cpu_init();
    const int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                     __builtin_cpu_supports("f16c");
    const int avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                       __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vnni");
    if (avx512) return CK_ISA_AVX512;
    if (avx2) return CK_ISA_AVX2;
#elif defined(__aarch64__)
    return ck_probe_isa_arm64();
#endif
    return CK_ISA_GENERIC;
}

/* The answer of `probe`, computed once into `cached` (which starts at -1). */
static int ck_cached_probe(atomic_int *cached, int (*probe)(void)) {
    int known = atomic_load_explicit(cached, memory_order_relaxed);
    if (known < 0) {
        known = probe();
        atomic_store_explicit(cached, known, memory_order_relaxed);
    }
    return known;
}

int ck_detect_isa(void) {
    static atomic_int cached = -1;
    return ck_cached_probe(&cached, ck_probe_isa);
}

/* SHA extensions: cpuid leaf 7, EBX bit 29, with the SSSE3/SSE4.1 shuffles their users need. */
static int ck_probe_sha(void) {
#if defined(CK_X86)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    __builtin_cpu_init();
    return (ebx >> 29 & 1) && __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
#else
    return 0;
#endif
}

int ck_sha256_accelerated(void) {
    static atomic_int cached = -1;
    return ck_cached_probe(&cached, ck_probe_sha);
}

/* Rows of weights a decode product prefetches ahead: 2 on Intel, where asking early kept more
 * misses in flight than the hardware prefetcher alone (+10% bandwidth on the Xeon the engine
 * was tuned on), none elsewhere: on an AMD EPYC (Zen 4) the same prefetches cost 15-30% of the
 * decode speed of Qwen2.5 1.5B at 1 and 2 threads (they wait for fill buffers the hardware
 * prefetcher already keeps busy), and llama.cpp, which reaches the bandwidth there, has none. */
static int ck_probe_prefetch_rows(void) {
#if defined(CK_X86)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return 0;
    const int intel = ebx == 0x756e6547u && edx == 0x49656e69u && ecx == 0x6c65746eu; /* "GenuineIntel" */
    return intel ? 2 : 0;
#else
    return 0;
#endif
}

int ck_prefetch_rows(void) {
    static atomic_int cached = -1;
    return ck_cached_probe(&cached, ck_probe_prefetch_rows);
}

int ck_isa_supported(int isa) { return isa >= 0 && isa <= ck_detect_isa(); }

const char *ck_isa_name(int isa) {
    switch (isa) {
    case CK_ISA_REF: return "ref";
    case CK_ISA_GENERIC: return "generic";
#if defined(__aarch64__)
    case CK_ISA_NEON: return "neon";
    case CK_ISA_DOTPROD: return "dotprod";
    case CK_ISA_I8MM: return "i8mm";
#else
    case CK_ISA_AVX2: return "avx2";
    case CK_ISA_AVX512: return "avx512";
#endif
    default: return "unknown";
    }
}

void ck_cpu_relax(void) {
#if defined(CK_X86)
    _mm_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

int ck_logical_cpu_count(void) {
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

#if defined(__linux__)
static int ck_read_topology(int cpu, const char *field) {
    char path[128];
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, field);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int value = -1;
    if (fscanf(f, "%d", &value) != 1) value = -1;
    fclose(f);
    return value;
}
#endif

int ck_physical_core_count(void) {
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return ck_logical_cpu_count();
    enum { MAX_CORES = 1024 };
    int seen[MAX_CORES][2];
    int cores = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &set)) continue;
        const int package = ck_read_topology(cpu, "physical_package_id");
        const int core = ck_read_topology(cpu, "core_id");
        if (package < 0 || core < 0) return ck_logical_cpu_count();
        int known = 0;
        for (int i = 0; i < cores && !known; i++) known = seen[i][0] == package && seen[i][1] == core;
        if (!known && cores < MAX_CORES) {
            seen[cores][0] = package;
            seen[cores][1] = core;
            cores++;
        }
    }
    return cores > 0 ? cores : ck_logical_cpu_count();
#elif defined(__APPLE__)
    int n = 0;
    size_t size = sizeof(n);
    if (sysctlbyname("hw.physicalcpu", &n, &size, NULL, 0) == 0 && n > 0) return n;
    return ck_logical_cpu_count();
#else
    return ck_logical_cpu_count();
#endif
}
