/*
 * arm64_kernels_test.c - checks the C kernels of one build against their references, every type
 * of the kernel table at every level the CPU runs. Built by scripts/arm64_kernels for aarch64
 * and run under qemu-aarch64 with CPU models that have none, one or both of dotprod and i8mm;
 * it compiles and runs natively too (x86: levels ref...avx512).
 *
 * usage: arm64_kernels_test <expected level name>
 *   The detected level must be the one named (so each qemu CPU model exercises the level it is
 *   run for). Then, for every type (ck_kernels) x every level up to the detected one x row
 *   lengths of 1, 2, 3, 7 and 33 blocks (the float types: 1...300 elements, odd ones included):
 *   - the level's activation quantizer gives the reference quantizer's bytes when its layout is
 *     the plain one, and its values (dequantized) otherwise;
 *   - the dot product is within the bound of Tests/KernelsTests/KernelTestSupport.swift
 *     (DotTolerance) of the reference dot: 2 (chain + 4) u sum |x| (|w| + |min|);
 *   - the multi-row dot of 1...8 rows gives each row's single-row result bit for bit;
 *   - a cell's own GEMM (matmul_rows; check_gemm): every element within the same bound of the
 *     reference dot, for odd weight-row counts, 16...21 activation rows and row lengths of one
 *     block to several panel chunks; the same bits for every smaller activation-row count and
 *     with the weight rows split in two ranges.
 *   And which variant each cell holds: at the SIMD levels every type own_variant names must
 *   have a dot product other than the level below's (a table that silently fell back fails),
 *   on arm64 exactly the types own_gemm names have a GEMM (at i8mm), and block_q8_0 activations
 *   must be quantized by ck_quantize_row_q8_0_neon.
 * The float kernels too, at every level: the gated activation, attention (ck_attend_kv) and
 * the prefill attention tile (ck_attend_rows_kv, attention_rows_test.h) against double, f32 -> f16.
 * Exit status 0 only if every check passed; every failure is printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_internal.h"

static int failures = 0, checks = 0;

#define CHECK(cond, ...)                                   \
    do {                                                   \
        checks++;                                          \
        if (!(cond)) {                                     \
            failures++;                                    \
            if (failures <= 50) {                          \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
                fprintf(stderr, __VA_ARGS__);              \
                fputc('\n', stderr);                       \
            }                                              \
        }                                                  \
    } while (0)

/* ---- deterministic random data ------------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static float uniform(float lo, float hi) { return lo + (hi - lo) * (float)(rng() >> 40) / (float)(1 << 24); }

/* Byte offsets of the f16 scales (d, dmin / m) in one block of each type, so random blocks have
 * finite, normal scales; -1 ends a list. */
static void scale_offsets(int type, int off[3]) {
    off[0] = off[1] = off[2] = -1;
    switch (type) {
    case CK_TYPE_Q4_0: case CK_TYPE_Q5_0: case CK_TYPE_Q8_0: off[0] = 0; break;
    case CK_TYPE_Q4_1: case CK_TYPE_Q5_1: case CK_TYPE_Q4_K: case CK_TYPE_Q5_K: off[0] = 0, off[1] = 2; break;
    case CK_TYPE_Q2_K: off[0] = 80, off[1] = 82; break;
    case CK_TYPE_Q3_K: off[0] = 108; break;
    case CK_TYPE_Q6_K: off[0] = 208; break;
    default: break;
    }
}

/* Byte ranges holding quant bits (zeroed to isolate the minimum), as DotTolerance.quantByteRanges. */
static int quant_range(int type, int *lo, int *hi) {
    switch (type) {
    case CK_TYPE_Q4_1: *lo = 4, *hi = 20; return 1;
    case CK_TYPE_Q5_1: *lo = 4, *hi = 24; return 1;
    case CK_TYPE_Q2_K: *lo = 16, *hi = 80; return 1;
    case CK_TYPE_Q4_K: *lo = 16, *hi = 144; return 1;
    case CK_TYPE_Q5_K: *lo = 16, *hi = 176; return 1;
    default: return 0;
    }
}

/* A random weight row of n elements. */
static void random_row(const ck_type_kernels *k, uint8_t *w, int64_t n) {
    const int64_t bytes = n / k->block_size * k->block_bytes;
    for (int64_t i = 0; i < bytes; i++) w[i] = (uint8_t)rng();
    if (k->type == CK_TYPE_F32) {
        for (int64_t i = 0; i < n; i++) ((float *)w)[i] = uniform(-1, 1);
    } else if (k->type == CK_TYPE_F16) {
        for (int64_t i = 0; i < n; i++) ((ck_half *)w)[i] = ck_f2h(uniform(-2, 2));
    } else if (k->type == CK_TYPE_BF16) {
        for (int64_t i = 0; i < n; i++) ((ck_bf16 *)w)[i] = (ck_bf16)(ck_f32_to_bits(uniform(-2, 2)) >> 16);
    } else if (k->type == CK_TYPE_MXFP4) {
        /* the E8M0 exponent byte: scales 2^-9...2^-4, as SyntheticWeights makes them */
        for (int64_t b = 0; b < n / k->block_size; b++) w[b * k->block_bytes] = (uint8_t)(119 + rng() % 6);
    } else {
        int off[3];
        scale_offsets(k->type, off);
        for (int64_t b = 0; b < n / k->block_size; b++)
            for (int s = 0; s < 3 && off[s] >= 0; s++) {
                const ck_half h = ck_f2h(uniform(0.001f, 0.05f) * (rng() & 1 ? 1.0f : -1.0f));
                memcpy(w + b * k->block_bytes + off[s], &h, sizeof(h));
            }
    }
}

/* sum |x_i| (|w_i| + |min_i|), as DotTolerance.magnitude. */
static double magnitude(const ck_type_kernels *k, const uint8_t *w, const float *x, int64_t n) {
    float *wf = malloc((size_t)n * sizeof(float)), *mf = calloc((size_t)n, sizeof(float));
    k->dequantize(w, wf, n);
    int lo, hi;
    if (quant_range(k->type, &lo, &hi)) {
        const int64_t bytes = n / k->block_size * k->block_bytes;
        uint8_t *z = malloc((size_t)bytes);
        memcpy(z, w, (size_t)bytes);
        for (int64_t b = 0; b < n / k->block_size; b++) memset(z + b * k->block_bytes + lo, 0, (size_t)(hi - lo));
        k->dequantize(z, mf, n);
        free(z);
    }
    double sum = 0;
    for (int64_t i = 0; i < n; i++) sum += fabs((double)x[i]) * (fabs((double)wf[i]) + fabs((double)mf[i]));
    free(wf);
    free(mf);
    return sum;
}

static int chain(const ck_type_kernels *k, int64_t n) {
    return k->block_size == 1 ? (int)(n / 8 + 24) : (int)(2 * (n / k->block_size) + 4);
}

/* 64-byte aligned memory, as the Swift side allocates activation rows (the AVX-512 layouts
 * are read with aligned loads). */
static void *alloc64(size_t bytes) { return aligned_alloc(64, (bytes + 63) / 64 * 64); }

/* ---- which cells must hold a variant of their own ----------------------------------------- */

#if defined(__aarch64__)
/* neon: every type; dotprod: the quantized types (floats stay neon's); i8mm: dotprod's dot
 * products (no own cells: it must equal the level below). */
static int own_variant(int type, int isa) {
    const int is_float = type == CK_TYPE_F32 || type == CK_TYPE_F16 || type == CK_TYPE_BF16;
    if (isa == CK_ISA_NEON) return 1;
    if (isa == CK_ISA_DOTPROD) return !is_float;
    return 0;
}
#else
static int own_variant(int type, int isa) { (void)type; return isa >= CK_ISA_GENERIC; }
#endif

#if defined(__aarch64__)
/* The types with a GEMM of their own (matmul_rows) at the i8mm level (arm64_i8mm.c); none below. */
static int own_gemm(int type, int isa) {
    if (isa != CK_ISA_I8MM) return 0;
    switch (type) {
    case CK_TYPE_Q4_0: case CK_TYPE_Q5_0: case CK_TYPE_Q8_0: case CK_TYPE_MXFP4:
    case CK_TYPE_Q4_K: case CK_TYPE_Q5_K: case CK_TYPE_Q6_K: return 1;
    default: return 0;
    }
}
#endif

/* ---- the checks of one type at one level -------------------------------------------------- */

static void check_cell(int type, int isa, int64_t n) {
    const ck_type_kernels *k = ck_kernels(type, isa), *r = ck_kernels(type, CK_ISA_REF);
    CHECK(k && k->isa == isa, "%s: level %s has no cell", r->name, ck_isa_name(isa));
    if (!k) return;
    const int64_t wbytes = ck_row_size(type, n);
    const int64_t xbytes = ck_activation_row_size(type, isa, n), rbytes = ck_activation_row_size(type, CK_ISA_REF, n);
    enum { ROWS = CK_MAX_NX };
    uint8_t *w = alloc64((size_t)wbytes);
    uint8_t *xq = alloc64((size_t)xbytes * ROWS), *xr = alloc64((size_t)rbytes * ROWS);
    float *x = alloc64((size_t)n * sizeof(float) * ROWS), *xd = alloc64((size_t)n * sizeof(float));
    float *xdr = alloc64((size_t)n * sizeof(float));
    random_row(k, w, n);
    float single[ROWS];
    for (int j = 0; j < ROWS; j++) {
        float *xj = x + j * n;
        for (int64_t i = 0; i < n; i++) xj[i] = uniform(-3, 3) * (j == 3 && i == 5 ? 40.0f : 1.0f);
        ck_quantize_activation(type, isa, xj, xq + j * xbytes, n);
        ck_quantize_activation(type, CK_ISA_REF, xj, xr + j * rbytes, n);
        /* activation quantization: same bytes in the plain layout, same values in any */
        if (k->act == r->act || (k->act->row_size == r->act->row_size && k->act->dequantize == r->act->dequantize))
            CHECK(memcmp(xq + j * xbytes, xr + j * rbytes, (size_t)rbytes) == 0,
                  "%s %s n=%lld: activation bytes differ from the reference", r->name, ck_isa_name(isa), (long long)n);
        k->act->dequantize(xq + j * xbytes, xd, n);
        r->act->dequantize(xr + j * rbytes, xdr, n);
        CHECK(memcmp(xd, xdr, (size_t)n * sizeof(float)) == 0, "%s %s n=%lld: activation values differ",
              r->name, ck_isa_name(isa), (long long)n);
        /* the dot against the reference */
        const float got = k->vec_dot(n, w, xq + j * xbytes);
        const float want = r->vec_dot(n, w, xr + j * rbytes);
        const double bound = 2.0 * (chain(k, n) + 4) * 0x1p-24 * magnitude(r, w, xdr, n) + 1.17549435e-38;
        CHECK(fabs((double)got - (double)want) <= bound, "%s %s n=%lld row %d: dot %.9g, reference %.9g (bound %.3g)",
              r->name, ck_isa_name(isa), (long long)n, j, got, want, bound);
        single[j] = got;
    }
    /* multi-row: bit for bit the single-row results, for every row count */
    for (int nx = 1; nx <= ROWS; nx++) {
        float out[ROWS];
        for (int j = 0; j < ROWS; j++) out[j] = NAN;
        k->vec_dot_multi(n, w, xq, (size_t)xbytes, nx, out);
        for (int j = 0; j < nx; j++)
            CHECK(memcmp(&out[j], &single[j], sizeof(float)) == 0, "%s %s n=%lld nx=%d row %d: multi %.9g, single %.9g",
                  r->name, ck_isa_name(isa), (long long)n, nx, j, out[j], single[j]);
    }
    free(w), free(xq), free(xr), free(x), free(xd), free(xdr);
}

/* A cell's own GEMM (matmul_rows) over `rows` weight rows of n elements and nx activation rows:
 * every element within the dot's bound of the reference dot; every row count 1...nx run directly
 * (every tile width), and ck_matmul_ex from CK_GEMM_MIN_NX; a result bit-identical whatever the
 * activation rows beside it (nx) and the weight-row range it is computed in. */
static int gemm_checks = 0;
static void check_gemm(int type, int isa, int64_t n, int rows, int nx) {
    const ck_type_kernels *k = ck_kernels(type, isa), *r = ck_kernels(type, CK_ISA_REF);
    const int64_t wbytes = ck_row_size(type, n);
    const int64_t xbytes = ck_activation_row_size(type, isa, n), rbytes = ck_activation_row_size(type, CK_ISA_REF, n);
    uint8_t *w = alloc64((size_t)wbytes * rows);
    uint8_t *xq = alloc64((size_t)xbytes * nx), *xr = alloc64((size_t)rbytes * nx);
    float *x = alloc64((size_t)n * sizeof(float)), *xdr = alloc64((size_t)n * sizeof(float) * nx);
    float *y = alloc64(sizeof(float) * (size_t)nx * rows), *z = alloc64(sizeof(float) * (size_t)nx * rows);
    double *bound = malloc(sizeof(double) * (size_t)nx * rows);
    float *want = malloc(sizeof(float) * (size_t)nx * rows);
    for (int i = 0; i < rows; i++) random_row(k, w + (size_t)i * wbytes, n);
    for (int j = 0; j < nx; j++) {
        for (int64_t i = 0; i < n; i++) x[i] = uniform(-3, 3) * (j == 3 && i == 5 ? 40.0f : 1.0f);
        ck_quantize_activation(type, isa, x, xq + (size_t)j * xbytes, n);
        ck_quantize_activation(type, CK_ISA_REF, x, xr + (size_t)j * rbytes, n);
        r->act->dequantize(xr + (size_t)j * rbytes, xdr + (size_t)j * n, n);
        for (int i = 0; i < rows; i++) {
            const uint8_t *wi = w + (size_t)i * wbytes;
            want[j * rows + i] = r->vec_dot(n, wi, xr + (size_t)j * rbytes);
            bound[j * rows + i] = 2.0 * (chain(k, n) + 4) * 0x1p-24 * magnitude(r, wi, xdr + (size_t)j * n, n) + 1.17549435e-38;
        }
    }
    /* all nx rows at once through ck_matmul_ex (the GEMM from CK_GEMM_MIN_NX rows) */
    for (int i = 0; i < nx * rows; i++) y[i] = NAN;
    ck_matmul_ex(k, w, (size_t)wbytes, n, xq, (size_t)xbytes, nx, y, rows, 0, rows);
    for (int j = 0; j < nx; j++)
        for (int i = 0; i < rows; i++) {
            gemm_checks++;
            CHECK(fabs((double)y[j * rows + i] - (double)want[j * rows + i]) <= bound[j * rows + i],
                  "%s %s gemm n=%lld rows=%d nx=%d: Y[%d][%d] = %.9g, reference %.9g (bound %.3g)", r->name,
                  ck_isa_name(isa), (long long)n, rows, nx, j, i, y[j * rows + i], want[j * rows + i], bound[j * rows + i]);
        }
    /* every smaller row count, and the weight rows split at an odd row: the same bits */
    for (int m = 1; m < nx; m++) {
        for (int i = 0; i < nx * rows; i++) z[i] = NAN;
        const int split = rows / 2 | 1;
        k->matmul_rows(w, (size_t)wbytes, n, xq, (size_t)xbytes, m, z, rows, 0, split < rows ? split : rows);
        if (split < rows) k->matmul_rows(w, (size_t)wbytes, n, xq, (size_t)xbytes, m, z, rows, split, rows);
        int same = 1;
        for (int i = 0; i < m * rows; i++) same &= memcmp(&z[i], &y[i], sizeof(float)) == 0;
        for (int i = m * rows; i < nx * rows; i++) same &= isnan(z[i]);
        gemm_checks++;
        CHECK(same, "%s %s gemm n=%lld rows=%d: %d activation rows (weight rows split at %d) differ from %d", r->name,
              ck_isa_name(isa), (long long)n, rows, m, split, nx);
    }
    free(w), free(xq), free(xr), free(x), free(xdr), free(y), free(z), free(bound), free(want);
}

/* The plain activation quantizers of the selected level (ck_quantize_row_q8_0/_K/_K32) give the
 * reference's bytes on rows with what random rows rarely hold: an all-zero group, exact ties
 * (x = k + 0.5 with d = 1), subnormals, infinitesimal and huge groups. */
static void check_quantizers(int isa) {
    enum { N = 1024 };
    static float x[N];
    static uint8_t a[2 * N], b[2 * N];
    ck_select_isa(isa);
    for (int trial = 0; trial < 4; trial++) {
        for (int i = 0; i < N; i++) x[i] = uniform(-2, 2);
        for (int i = 0; i < 32; i++) x[i] = 0.0f;                                 /* a zero group */
        for (int i = 32; i < 64; i++) x[i] = (float)(i - 48) + 0.5f;              /* ties */
        x[64] = 127.0f;
        for (int i = 65; i < 96; i++) x[i] = (float)(i - 80) + 0.5f;              /* ties, d = 1 */
        for (int i = 96; i < 128; i++) x[i] = uniform(-1, 1) * 1e-36f;           /* d subnormal, 1 / d finite */
        for (int i = 128; i < 160; i++) x[i] = uniform(-1, 1) * 1e30f;           /* huge */
        if (trial & 1) for (int i = 0; i < N; i += 7) x[i] = -x[i];
        if (trial & 2) x[300] = 1e5f;                                            /* an outlier */
        static const struct { int type; void (*fast)(const float *, void *, int64_t); void (*ref)(const float *, void *, int64_t); } q[] = {
            {CK_TYPE_Q8_0, ck_quantize_row_q8_0, ck_quantize_row_q8_0_ref},
            {CK_TYPE_Q8_K, ck_quantize_row_q8_K, ck_quantize_row_q8_K_ref},
            {CK_TYPE_Q8_K32, ck_quantize_row_q8_K32, ck_quantize_row_q8_K32_ref},
        };
        for (int t = 0; t < 3; t++) {
            const int64_t bytes = ck_row_size(q[t].type, N);
            memset(a, 0xA5, sizeof(a)), memset(b, 0x5A, sizeof(b));
            q[t].fast(x, a, N), q[t].ref(x, b, N);
            CHECK(memcmp(a, b, (size_t)bytes) == 0, "%s: quantizer %d trial %d differs from the reference",
                  ck_isa_name(isa), q[t].type, trial);
        }
    }
}

/* ---- the float kernels: gated activation, attention, f32 -> f16 ---------------------------- */

/* ck_gated_activation and ck_silu at a level against the exact function in double, with the bound of
 * Tests/KernelsTests/ActivationKernelTests.swift (a few ulp plus exp's conditioning). */
static void check_activation(int isa) {
    enum { N = 4013 };
    static float x[N], up[N], gate[N];
    for (int i = 0; i < 4003; i++) x[i] = (float)(i - 2001) / 100.0f;
    const float extra[10] = {0.0f, -0.0f, 1e-30f, -1e-30f, 88.0f, -88.0f, 200.0f, -200.0f, 1e30f, -1e30f};
    for (int i = 0; i < 10; i++) x[4003 + i] = extra[i];
    for (int i = 0; i < N; i++) up[i] = (float)(i % 7) - 3.5f;
    for (int gelu = 0; gelu < 2; gelu++) {
        memcpy(gate, x, sizeof(x));
        ck_gated_activation(isa, gelu, gate, up, N);
        int bad = 0;
        for (int i = 0; i < N; i++) {
            const double xd = x[i], x3 = xd * xd * xd;
            const double u = 0.7978845608028654 * (xd + 0.044715 * x3);
            const double expected = (gelu ? xd / (1 + exp(-2 * u)) : xd / (1 + exp(-xd))) * up[i];
            const double a = gelu ? 2 * 0.7978846 * (xd + 0.044715 * x3) : xd;
            const double bound = (4e-6 + 2 * fmin(fabs(a), 100) * 0x1p-24) * fabs(expected) + 1e-30;
            if (!(fabs((double)gate[i] - expected) <= bound) && bad++ < 3)
                fprintf(stderr, "  %s x=%g: %.9g vs %.9g\n", gelu ? "gelu" : "silu", x[i], gate[i], expected);
        }
        CHECK(bad == 0, "%s: gated activation (%s) off at %d of %d values", ck_isa_name(isa), gelu ? "gelu" : "silu", bad, N);
    }
    /* SiLU alone (ck_silu), against the same function with the same bound */
    memcpy(gate, x, sizeof(x));
    ck_silu(isa, gate, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        const double xd = x[i], expected = xd / (1 + exp(-xd));
        const double bound = (4e-6 + 2 * fmin(fabs(xd), 100) * 0x1p-24) * fabs(expected) + 1e-30;
        if (!(fabs((double)gate[i] - expected) <= bound) && bad++ < 3) fprintf(stderr, "  silu alone x=%g: %.9g vs %.9g\n", x[i], gate[i], expected);
    }
    CHECK(bad == 0, "%s: SiLU off at %d of %d values", ck_isa_name(isa), bad, N);
}

/* ck_attend_kv (and _partial + ck_attend_merge) at a level against attention in double over the
 * same cache values, 1e-5 relative as Tests/KernelsTests/AttentionKernelTests.swift; shapes with
 * groups past the 8 heads per pass, head sizes the SIMD loops take (multiples of 8) and one they
 * leave to the generic code, both cache formats, with and without sinks. */
static void check_attention(int isa) {
    static const struct { int group, dk, dv, positions; } shapes[] = {
        {1, 64, 64, 37}, {3, 32, 64, 130}, {9, 64, 32, 20}, {2, 8, 16, 5}, {4, 128, 128, 67}, {2, 12, 20, 9},
    };
    for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
        for (int fmt = CK_KV_F16; fmt <= CK_KV_Q8_0; fmt++)
            for (int with_sinks = 0; with_sinks < 2; with_sinks++) {
                const int g = shapes[si].group, dk = shapes[si].dk, dv = shapes[si].dv, np = shapes[si].positions;
                if (fmt == CK_KV_Q8_0 && (dk % 32 || dv % 32)) continue;
                const int64_t kb = ck_kv_row_bytes(fmt, dk), vb = ck_kv_row_bytes(fmt, dv);
                uint8_t *K = malloc((size_t)(kb * np)), *V = malloc((size_t)(vb * np));
                float *kf = malloc(sizeof(float) * (size_t)(dk * np)), *vf = malloc(sizeof(float) * (size_t)(dv * np));
                float *q = malloc(sizeof(float) * (size_t)(g * dk)), *out = malloc(sizeof(float) * (size_t)(g * dv));
                float *scores = malloc(sizeof(float) * (size_t)(g * np)), sinks[16];
                float *row = malloc(sizeof(float) * 128);
                for (int p = 0; p < np; p++) {
                    for (int i = 0; i < dk; i++) row[i] = uniform(-1, 1);
                    ck_kv_store_row(CK_ISA_REF, fmt, row, K + p * kb, dk);
                    for (int i = 0; i < dv; i++) row[i] = uniform(-2, 2);
                    ck_kv_store_row(CK_ISA_REF, fmt, row, V + p * vb, dv);
                }
                /* the cache's values as the kernels read them (the generic level, one row at a time) */
                for (int p = 0; p < np; p++) {
                    if (fmt == CK_KV_F16) {
                        for (int i = 0; i < dk; i++) kf[p * dk + i] = ck_h2f(((const ck_half *)(K + p * kb))[i]);
                        for (int i = 0; i < dv; i++) vf[p * dv + i] = ck_h2f(((const ck_half *)(V + p * vb))[i]);
                    } else {
                        ck_dequantize_row_q8_0_ref(K + p * kb, kf + p * dk, dk);
                        ck_dequantize_row_q8_0_ref(V + p * vb, vf + p * dv, dv);
                    }
                }
                for (int i = 0; i < g * dk; i++) q[i] = uniform(-3, 3);
                for (int h = 0; h < g; h++) sinks[h] = uniform(-2, 2);
                const float scale = 1.0f / sqrtf((float)dk);
                const int64_t first = np > 8 ? 3 : 0, last = np - 1;
                ck_attend_kv(isa, fmt, q, K, kb, V, vb, first, last, g, dk, dv, scale, with_sinks ? sinks : NULL, scores,
                             out);
                int bad = 0;
                for (int h = 0; h < g; h++) {
                    double s[512], m = -INFINITY, total = 0;
                    for (int64_t p = first; p <= last; p++) {
                        double dot = 0;
                        for (int i = 0; i < dk; i++) dot += (double)q[h * dk + i] * kf[p * dk + i];
                        s[p] = dot * scale;
                        m = fmax(m, s[p]);
                    }
                    for (int64_t p = first; p <= last; p++) total += exp(s[p] - m);
                    if (with_sinks) total += exp(sinks[h] - m);
                    for (int i = 0; i < dv; i++) {
                        double o = 0;
                        for (int64_t p = first; p <= last; p++) o += exp(s[p] - m) * vf[p * dv + i];
                        o /= total;
                        if (!(fabs(out[h * dv + i] - o) <= 1e-5 + 1e-5 * fabs(o))) bad++;
                    }
                }
                CHECK(bad == 0, "%s: attention group %d dk %d dv %d positions %d fmt %d sinks %d: %d values off",
                      ck_isa_name(isa), g, dk, dv, np, fmt, with_sinks, bad);
                free(K), free(V), free(kf), free(vf), free(q), free(out), free(scores), free(row);
            }
}

/* ck_f32_to_f16_row at a level: ck_f2h's bits for every non-NaN value (ties, overflow, subnormals). */
static void check_f16_rows(int isa) {
    enum { N = 1003 };
    static float x[N];
    static ck_half a[N];
    for (int i = 0; i < N; i++) x[i] = uniform(-70000, 70000) * (i % 3 == 0 ? 1e-9f : i % 3 == 1 ? 1e-3f : 1.0f);
    const float special[] = {0.0f, -0.0f, 1e-8f, -6.1e-5f, 65519.99f, 65520.0f, __builtin_inff(), -__builtin_inff(),
                             2.0009766f, 1.0004883f, 5.9604645e-8f, 2.9802322e-8f, 8.940697e-8f};
    for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++) x[10 + i] = special[i];
    ck_f32_to_f16_row(isa, x, a, N);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += a[i] != ck_f2h(x[i]);
    CHECK(bad == 0, "%s: f32 -> f16 rows differ from ck_f2h at %d of %d values", ck_isa_name(isa), bad, N);
}

#include "attention_rows_test.h" /* check_attention_rows: the prefill tile */

int main(int argc, char **argv) {
    const int best = ck_detect_isa();
    if (argc != 2) {
        fprintf(stderr, "usage: %s <expected level: ref|generic|neon|dotprod|i8mm|avx2|avx512>\n", argv[0]);
        return 2;
    }
    CHECK(strcmp(ck_isa_name(best), argv[1]) == 0, "detected level %s, expected %s", ck_isa_name(best), argv[1]);
    /* clamping: asking for any level gives min(level, best) */
    for (int isa = CK_ISA_REF; isa < CK_ISA_COUNT; isa++) {
        const int want = isa < best ? isa : best;
        CHECK(ck_select_isa(isa) == want && ck_selected_isa() == want, "ck_select_isa(%d) != %d", isa, want);
        CHECK(ck_isa_supported(isa) == (isa <= best), "ck_isa_supported(%d)", isa);
    }
    ck_select_isa(best);

    for (int isa = CK_ISA_REF; isa <= best; isa++) {
        check_quantizers(isa);
        check_activation(isa);
        check_attention(isa);
        check_attention_rows(isa);
        check_f16_rows(isa);
    }
    ck_select_isa(best);

    static const int64_t blocks[] = {1, 2, 3, 7, 33};
    static const int64_t float_n[] = {1, 7, 15, 16, 17, 33, 100, 257, 300};
    int types = 0, cells = 0, gemms = 0;
    for (int type = 0; type < CK_TYPE_ID_LIMIT; type++) {
        const ck_type_kernels *r = ck_kernels(type, CK_ISA_REF);
        if (!r) continue;
        types++;
        for (int isa = CK_ISA_REF; isa <= best; isa++) {
            cells++;
            if (isa > CK_ISA_GENERIC) {
                const ck_type_kernels *k = ck_kernels(type, isa), *below = ck_kernels(type, isa - 1);
                const int own = k->vec_dot != below->vec_dot;
                CHECK(own == own_variant(type, isa), "%s %s: %s a variant of its own", r->name, ck_isa_name(isa),
                      own ? "has" : "lacks");
#if defined(__aarch64__)
                CHECK((k->matmul_rows != NULL) == own_gemm(type, isa), "%s %s: %s a GEMM", r->name, ck_isa_name(isa),
                      k->matmul_rows ? "has" : "lacks");
                /* every type's activations are quantized by NEON at every arm64 level */
                const ck_quantize_fn neon = r->act->value_type == CK_TYPE_Q8_0   ? ck_quantize_row_q8_0_neon
                                            : r->act->value_type == CK_TYPE_Q8_K ? ck_quantize_row_q8_K_neon
                                            : r->act->value_type == CK_TYPE_Q8_K32 ? ck_quantize_row_q8_K32_neon
                                                                                  : ck_copy_row_f32;
                CHECK(k->act->quantize == neon, "%s %s: activations not quantized by NEON", r->name, ck_isa_name(isa));
#endif
            }
            if (r->block_size == 1)
                for (size_t s = 0; s < sizeof(float_n) / sizeof(float_n[0]); s++) check_cell(type, isa, float_n[s]);
            else
                for (size_t s = 0; s < sizeof(blocks) / sizeof(blocks[0]); s++) check_cell(type, isa, blocks[s] * r->block_size);
            /* GEMMs: odd weight-row counts (partial panels), 16...21 activation rows (partial tiles),
             * row lengths of one block to several panel chunks, within one panel of weight rows
             * (the 32-block types interleave activations per tile) and over several (once) */
            const ck_type_kernels *k = ck_kernels(type, isa);
            if (k->matmul_rows && k->isa == isa) {
                gemms++;
                static const int64_t gemm_blocks_q32[] = {1, 33, 3, 70}, gemm_blocks_k[] = {1, 5, 3, 9};
                static const int gemm_rows[] = {1, 7, 19, 24}, gemm_nx[] = {16, 17, 21, 18};
                for (int s = 0; s < 4; s++)
                    check_gemm(type, isa, (r->block_size == CK_QK ? gemm_blocks_q32 : gemm_blocks_k)[s] * r->block_size,
                               gemm_rows[s], gemm_nx[s]);
            }
        }
    }
    printf("attention rows: worst error %.3g of the bound\n", rows_worst_ratio);
    printf("level %s: %d types x %d levels (%d cells) x 5 row lengths (floats 9), multi-row 1...%d; %d GEMMs x 4 "
           "shapes (%d of the checks); %d checks, %d failed\n", ck_isa_name(best), types, best + 1, cells, CK_MAX_NX,
           gemms, gemm_checks, checks, failures);
    return failures ? 1 : 0;
}
