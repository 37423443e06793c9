/*
 * delta_rule.c - the gated delta rule of Qwen3.5's Gated DeltaNet, one head over n positions.
 *
 * Math (state M [s][s], row j = value index, column i = key index; scale = 1 / sqrt(s)):
 *   recurrent, per position t:  M <- e^g M;  d = beta (v - M k);  M <- M + d k^T;  o = scale M q.
 *     Fused per row j: both dots read the old row, o_j = scale (e^g (M_j.q) + d_j (k.q)).
 *   chunked, per chunk of c positions from the state M0 (G_t = g_0 + ... + g_t, all <= 0):
 *     M_t = e^G_t M0 + sum_{u<=t} e^(G_t - G_u) d_u k_u^T, so the corrections d_t solve
 *       d_t + beta_t sum_{u<t} e^(G_t - G_u) (k_t.k_u) d_u = beta_t (v_t - e^G_t M0 k_t)
 *     (a unit lower triangular system, forward substitution), then
 *       o_t = scale (e^G_t M0 q_t + sum_{u<=t} e^(G_t - G_u) (q_t.k_u) d_u)
 *       M_c = e^G_last M0 + sum_u e^(G_last - G_u) d_u k_u^T.
 *     e^(G_t - G_u) is taken as the product of e^g over u < x <= t (no e^-G, which overflows
 *     for strongly negative decays); the products of the chunk are matrix products (gemm below)
 *     over the transposed state Mt [i][j], so every product reads its right factor by rows.
 * Variants: generic (plain C loops), AVX2/FMA and AVX-512 (the same code with a register-tiled
 * GEMM, the other loops vectorized by the compiler for that target). The chunked form works in a
 * scratch kept per thread (dr_thread_scratch).
 */
#include <math.h>
#include <stdlib.h>

#include "ck_internal.h"

#pragma STDC FP_CONTRACT ON

enum { DR_L = CK_DELTA_RULE_MAX_CHUNK };

/* C [m][n] = (acc ? C : 0) + A [m][kk] B [kk][n], all row-major with the given row strides. */
typedef void (*dr_gemm_fn)(int m, int n, int kk, const float *A, int64_t lda, const float *B, int64_t ldb, float *C,
                           int64_t ldc, int acc);

/* to [i][j] = from [j][i] for j < rows, i < cols (row strides fs and ts). */
typedef void (*dr_transpose_fn)(const float *from, int64_t fs, float *to, int64_t ts, int rows, int cols);

static void dr_gemm_generic(int m, int n, int kk, const float *A, int64_t lda, const float *B, int64_t ldb, float *C,
                            int64_t ldc, int acc) {
    for (int r = 0; r < m; r++) {
        float *c = C + r * ldc;
        if (!acc)
            for (int j = 0; j < n; j++) c[j] = 0;
        for (int p = 0; p < kk; p++) {
            const float a = A[r * lda + p], *b = B + p * ldb;
            for (int j = 0; j < n; j++) c[j] += a * b[j];
        }
    }
}

/* Two dots over the same row a: a.x and a.y (sixteen lanes each, so loops vectorize). */
CK_INLINE void dr_dot2(const float *a, const float *x, const float *y, int n, float *ax, float *ay) {
    float sx[16] = {0}, sy[16] = {0};
    int i = 0;
    for (; i + 16 <= n; i += 16)
        for (int l = 0; l < 16; l++) {
            sx[l] += a[i + l] * x[i + l];
            sy[l] += a[i + l] * y[i + l];
        }
    float rx = 0, ry = 0;
    for (int l = 0; l < 16; l++) {
        rx += sx[l];
        ry += sy[l];
    }
    for (; i < n; i++) {
        rx += a[i] * x[i];
        ry += a[i] * y[i];
    }
    *ax = rx;
    *ay = ry;
}

/* One position of the recurrence on the state M [s][s]. */
CK_INLINE void dr_step(int s, const float *q, const float *k, const float *v, float g, float beta, float *M,
                       float *out) {
    const float f = expf(g), scale = 1.0f / sqrtf((float)s);
    float kq, unused;
    dr_dot2(k, q, q, s, &kq, &unused);
    for (int j = 0; j < s; j++) {
        float *row = M + (int64_t)j * s;
        float kd, qd;
        dr_dot2(row, k, q, s, &kd, &qd);
        const float d = beta * (v[j] - f * kd);
        for (int i = 0; i < s; i++) row[i] = f * row[i] + d * k[i];
        out[j] = scale * (f * qd + d * kq);
    }
}

/* One chunk of c <= DR_L positions on the transposed state Mt [s][s]; w: dr_scratch floats. */
CK_INLINE void dr_chunk(dr_gemm_fn gemm, dr_transpose_fn transpose, int c, int s, const float *q, const float *k, int64_t qks, const float *v,
                        int64_t vs, const float *g, const float *beta, int64_t gs, float *Mt, float *out, int64_t os,
                        float *w) {
    float *kt = w;               /* [s][DR_L]: the chunk's keys by column */
    float *d = kt + s * DR_L;    /* [c][s]: K Mt, then the right-hand sides, then the corrections */
    float *pq = d + DR_L * s;    /* [c][s]: Q Mt */
    float *kk = pq + DR_L * s;   /* [c][DR_L]: k_t.k_u */
    float *qk = kk + DR_L * DR_L; /* [c][DR_L]: q_t.k_u, then the output's weights */
    float *e = qk + DR_L * DR_L; /* [DR_L]: e^g_t */
    float *cum = e + DR_L;       /* [DR_L]: e^G_t */
    float *E = cum + DR_L;       /* [DR_L][DR_L]: e^(G_t - G_u), u <= t */
    const float scale = 1.0f / sqrtf((float)s);
    for (int t = 0; t < c; t++) {
        e[t] = expf(g[t * gs]);
        cum[t] = (t ? cum[t - 1] : 1.0f) * e[t];
    }
    for (int t = 0; t < c; t++) {
        float *row = E + t * DR_L;
        row[t] = 1.0f;
        for (int u = t - 1; u >= 0; u--) row[u] = row[u + 1] * e[u + 1];
    }
    transpose(k, qks, kt, DR_L, c, s);
    gemm(c, s, s, k, qks, Mt, s, d, s, 0);
    gemm(c, s, s, q, qks, Mt, s, pq, s, 0);
    gemm(c, c, s, k, qks, kt, DR_L, kk, DR_L, 0);
    gemm(c, c, s, q, qks, kt, DR_L, qk, DR_L, 0);
    for (int t = 0; t < c; t++) {
        const float b = beta[t * gs], decay = cum[t];
        float *dt = d + t * s;
        const float *vt = v + t * vs;
        for (int j = 0; j < s; j++) dt[j] = b * (vt[j] - decay * dt[j]);
    }
    for (int t = 1; t < c; t++) {
        const float b = beta[t * gs];
        float *dt = d + t * s;
        for (int u = 0; u < t; u++) {
            const float a = b * E[t * DR_L + u] * kk[t * DR_L + u];
            const float *du = d + u * s;
            for (int j = 0; j < s; j++) dt[j] -= a * du[j];
        }
    }
    for (int t = 0; t < c; t++) {
        const float decay = scale * cum[t];
        float *ot = out + t * os, *weights = qk + t * DR_L;
        const float *pt = pq + t * s;
        for (int j = 0; j < s; j++) ot[j] = decay * pt[j];
        for (int u = 0; u <= t; u++) weights[u] *= scale * E[t * DR_L + u];
        for (int u = t + 1; u < c; u++) weights[u] = 0;
    }
    gemm(c, s, c, qk, DR_L, d, s, out, os, 1);
    const float *last = E + (c - 1) * DR_L;
    for (int u = 0; u < c; u++) {
        float *du = d + u * s;
        for (int j = 0; j < s; j++) du[j] *= last[u];
    }
    const float total = cum[c - 1];
    for (int64_t x = 0; x < (int64_t)s * s; x++) Mt[x] *= total;
    gemm(s, s, c, kt, DR_L, d, s, Mt, s, 1);
}

/* Floats of dr_chunk's scratch plus the transposed state. */
static int64_t dr_scratch(int s) { return (int64_t)s * s + 3 * (int64_t)DR_L * s + 3 * DR_L * DR_L + 2 * DR_L; }

/* to [i][j] = from [j][i] for j < rows, i < cols (row strides fs and ts), in blocks of 8 x 8
 * that stay in L1 (left scalar: the compiler's gathers and scatters for it are slower). */
static void dr_transpose(const float *from, int64_t fs, float *to, int64_t ts, int rows, int cols) {
    for (int j0 = 0; j0 < rows; j0 += 8)
        for (int i0 = 0; i0 < cols; i0 += 8) {
            const int j1 = j0 + 8 < rows ? j0 + 8 : rows, i1 = i0 + 8 < cols ? i0 + 8 : cols;
            for (int j = j0; j < j1; j++)
#pragma clang loop vectorize(disable)
                for (int i = i0; i < i1; i++) to[i * ts + j] = from[j * fs + i];
        }
}

/* The calling thread's scratch of at least `floats` floats, kept for its next calls (a fresh
 * allocation of this size per call costs its page faults every time); NULL if out of memory. */
static float *dr_thread_scratch(int64_t floats) {
    static _Thread_local float *buffer = NULL;
    static _Thread_local int64_t capacity = 0;
    if (floats > capacity) {
        free(buffer);
        buffer = malloc((size_t)floats * sizeof(float));
        capacity = buffer ? floats : 0;
    }
    return buffer;
}

CK_INLINE void dr_run(dr_gemm_fn gemm, dr_transpose_fn transpose, int64_t n, int s, const float *q, const float *k, int64_t qks, const float *v,
                      int64_t vs, const float *g, const float *beta, int64_t gs, float *state, float *out, int64_t os,
                      int chunk) {
    float *w = chunk > 0 ? dr_thread_scratch(dr_scratch(s)) : NULL;
    if (!w) {
        for (int64_t t = 0; t < n; t++)
            dr_step(s, q + t * qks, k + t * qks, v + t * vs, g[t * gs], beta[t * gs], state, out + t * os);
        return;
    }
    if (chunk > DR_L) chunk = DR_L;
    float *Mt = w + dr_scratch(s) - (int64_t)s * s;
    transpose(state, s, Mt, s, s, s);
    for (int64_t t = 0; t < n; t += chunk) {
        const int c = (int)(n - t < chunk ? n - t : chunk);
        dr_chunk(gemm, transpose, c, s, q + t * qks, k + t * qks, qks, v + t * vs, vs, g + t * gs, beta + t * gs, gs, Mt,
                 out + t * os, os, w);
    }
    transpose(Mt, s, state, s, s, s);
}

static void ck_delta_rule_generic(int64_t n, int s, const float *q, const float *k, int64_t qks, const float *v,
                                  int64_t vs, const float *g, const float *beta, int64_t gs, float *state, float *out,
                                  int64_t os, int chunk) {
    dr_run(dr_gemm_generic, dr_transpose, n, s, q, k, qks, v, vs, g, beta, gs, state, out, os, chunk);
}

#if defined(CK_X86)

/* AVX2: tiles of 4 rows x 16 columns (eight accumulators), then single rows, then scalars. */
CK_AVX2 static void dr_gemm_avx2(int m, int n, int kk, const float *A, int64_t lda, const float *B, int64_t ldb,
                                 float *C, int64_t ldc, int acc) {
    int j = 0;
    for (; j + 16 <= n; j += 16) {
        int r = 0;
        for (; r + 4 <= m; r += 4) {
            __m256 c[4][2];
            for (int x = 0; x < 4; x++) c[x][0] = c[x][1] = _mm256_setzero_ps();
            const float *a = A + r * lda;
            for (int p = 0; p < kk; p++) {
                const __m256 b0 = _mm256_loadu_ps(B + p * ldb + j), b1 = _mm256_loadu_ps(B + p * ldb + j + 8);
                for (int x = 0; x < 4; x++) {
                    const __m256 ax = _mm256_broadcast_ss(a + x * lda + p);
                    c[x][0] = _mm256_fmadd_ps(ax, b0, c[x][0]);
                    c[x][1] = _mm256_fmadd_ps(ax, b1, c[x][1]);
                }
            }
            for (int x = 0; x < 4; x++) {
                float *cr = C + (r + x) * ldc + j;
                if (acc) {
                    c[x][0] = _mm256_add_ps(c[x][0], _mm256_loadu_ps(cr));
                    c[x][1] = _mm256_add_ps(c[x][1], _mm256_loadu_ps(cr + 8));
                }
                _mm256_storeu_ps(cr, c[x][0]);
                _mm256_storeu_ps(cr + 8, c[x][1]);
            }
        }
        for (; r < m; r++) {
            __m256 c0 = _mm256_setzero_ps(), c1 = _mm256_setzero_ps();
            for (int p = 0; p < kk; p++) {
                const __m256 ax = _mm256_broadcast_ss(A + r * lda + p);
                c0 = _mm256_fmadd_ps(ax, _mm256_loadu_ps(B + p * ldb + j), c0);
                c1 = _mm256_fmadd_ps(ax, _mm256_loadu_ps(B + p * ldb + j + 8), c1);
            }
            float *cr = C + r * ldc + j;
            if (acc) {
                c0 = _mm256_add_ps(c0, _mm256_loadu_ps(cr));
                c1 = _mm256_add_ps(c1, _mm256_loadu_ps(cr + 8));
            }
            _mm256_storeu_ps(cr, c0);
            _mm256_storeu_ps(cr + 8, c1);
        }
    }
    if (j < n) dr_gemm_generic(m, n - j, kk, A, lda, B + j, ldb, C + j, ldc, acc);
}

/* dr_transpose with its full blocks of 8 x 8 shuffled in registers, the edges by dr_transpose. */
CK_AVX2 static void dr_transpose_avx2(const float *from, int64_t fs, float *to, int64_t ts, int rows, int cols) {
    const int rows8 = rows & ~7, cols8 = cols & ~7;
    for (int j0 = 0; j0 < rows8; j0 += 8)
        for (int i0 = 0; i0 < cols8; i0 += 8) {
            const float *f = from + j0 * fs + i0;
            __m256 r[8], t[8], u[8];
            for (int x = 0; x < 8; x++) r[x] = _mm256_loadu_ps(f + x * fs);
            for (int x = 0; x < 4; x++) {
                t[2 * x] = _mm256_unpacklo_ps(r[2 * x], r[2 * x + 1]);
                t[2 * x + 1] = _mm256_unpackhi_ps(r[2 * x], r[2 * x + 1]);
            }
            for (int x = 0; x < 2; x++) {
                u[4 * x] = _mm256_shuffle_ps(t[4 * x], t[4 * x + 2], 0x44);
                u[4 * x + 1] = _mm256_shuffle_ps(t[4 * x], t[4 * x + 2], 0xEE);
                u[4 * x + 2] = _mm256_shuffle_ps(t[4 * x + 1], t[4 * x + 3], 0x44);
                u[4 * x + 3] = _mm256_shuffle_ps(t[4 * x + 1], t[4 * x + 3], 0xEE);
            }
            float *o = to + i0 * ts + j0;
            for (int x = 0; x < 4; x++) {
                _mm256_storeu_ps(o + x * ts, _mm256_permute2f128_ps(u[x], u[x + 4], 0x20));
                _mm256_storeu_ps(o + (x + 4) * ts, _mm256_permute2f128_ps(u[x], u[x + 4], 0x31));
            }
        }
    if (cols8 < cols) dr_transpose(from + cols8, fs, to + cols8 * ts, ts, rows8, cols - cols8);
    if (rows8 < rows) dr_transpose(from + rows8 * fs, fs, to + rows8, ts, rows - rows8, cols);
}

CK_AVX2 static void ck_delta_rule_avx2(int64_t n, int s, const float *q, const float *k, int64_t qks, const float *v,
                                       int64_t vs, const float *g, const float *beta, int64_t gs, float *state,
                                       float *out, int64_t os, int chunk) {
    dr_run(dr_gemm_avx2, dr_transpose_avx2, n, s, q, k, qks, v, vs, g, beta, gs, state, out, os, chunk);
}

/* AVX-512: a tile of `rows` (a constant where it is inlined) x 32 columns, the columns past n
 * masked off (mask0 for the first 16, mask1 for the second). */
CK_INLINE_AVX512 void dr_tile512(const int rows, __mmask16 mask0, __mmask16 mask1, int kk, const float *A, int64_t lda,
                                 const float *B, int64_t ldb, float *C, int64_t ldc, int acc) {
    __m512 c[8][2];
    for (int x = 0; x < rows; x++) c[x][0] = c[x][1] = _mm512_setzero_ps();
    for (int p = 0; p < kk; p++) {
        const __m512 b0 = _mm512_maskz_loadu_ps(mask0, B + p * ldb), b1 = _mm512_maskz_loadu_ps(mask1, B + p * ldb + 16);
        for (int x = 0; x < rows; x++) {
            const __m512 ax = _mm512_set1_ps(A[x * lda + p]);
            c[x][0] = _mm512_fmadd_ps(ax, b0, c[x][0]);
            c[x][1] = _mm512_fmadd_ps(ax, b1, c[x][1]);
        }
    }
    for (int x = 0; x < rows; x++) {
        float *cr = C + x * ldc;
        if (acc) {
            c[x][0] = _mm512_add_ps(c[x][0], _mm512_maskz_loadu_ps(mask0, cr));
            c[x][1] = _mm512_add_ps(c[x][1], _mm512_maskz_loadu_ps(mask1, cr + 16));
        }
        _mm512_mask_storeu_ps(cr, mask0, c[x][0]);
        _mm512_mask_storeu_ps(cr + 16, mask1, c[x][1]);
    }
}

/* AVX-512: blocks of 32 columns (the last one masked), in tiles of 8, 4, then single rows. */
CK_AVX512 static void dr_gemm_avx512(int m, int n, int kk, const float *A, int64_t lda, const float *B, int64_t ldb,
                                     float *C, int64_t ldc, int acc) {
    for (int j = 0; j < n; j += 32) {
        const int left = n - j;
        const __mmask16 mask0 = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
        const __mmask16 mask1 = left >= 32 ? (__mmask16)0xFFFF : left <= 16 ? 0 : (__mmask16)((1u << (left - 16)) - 1);
        int r = 0;
        for (; r + 8 <= m; r += 8) dr_tile512(8, mask0, mask1, kk, A + r * lda, lda, B + j, ldb, C + r * ldc + j, ldc, acc);
        for (; r + 4 <= m; r += 4) dr_tile512(4, mask0, mask1, kk, A + r * lda, lda, B + j, ldb, C + r * ldc + j, ldc, acc);
        for (; r < m; r++) dr_tile512(1, mask0, mask1, kk, A + r * lda, lda, B + j, ldb, C + r * ldc + j, ldc, acc);
    }
}

CK_AVX512 static void ck_delta_rule_avx512(int64_t n, int s, const float *q, const float *k, int64_t qks,
                                           const float *v, int64_t vs, const float *g, const float *beta, int64_t gs,
                                           float *state, float *out, int64_t os, int chunk) {
    dr_run(dr_gemm_avx512, dr_transpose_avx2, n, s, q, k, qks, v, vs, g, beta, gs, state, out, os, chunk);
}

#endif /* CK_X86 */

void ck_delta_rule(int isa, int64_t n, int s, const float *q, const float *k, int64_t qk_stride, const float *v,
                   int64_t v_stride, const float *g, const float *beta, int64_t gate_stride, float *state, float *out,
                   int64_t o_stride, int chunk) {
#if defined(CK_X86)
    if (isa >= CK_ISA_AVX512 && ck_isa_supported(CK_ISA_AVX512)) {
        ck_delta_rule_avx512(n, s, q, k, qk_stride, v, v_stride, g, beta, gate_stride, state, out, o_stride, chunk);
        return;
    }
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2)) {
        ck_delta_rule_avx2(n, s, q, k, qk_stride, v, v_stride, g, beta, gate_stride, state, out, o_stride, chunk);
        return;
    }
#endif
    (void)isa;
    ck_delta_rule_generic(n, s, q, k, qk_stride, v, v_stride, g, beta, gate_stride, state, out, o_stride, chunk);
}
