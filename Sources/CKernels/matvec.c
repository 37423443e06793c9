/*
 * matvec.c - matrix-vector (decode) and matrix-matrix (prefill) products over row ranges.
 *
 * W: [rows, cols] weights, row r at W + r * row_stride bytes (ggml order: a GGUF tensor with
 *    dimensions [cols, rows] is exactly this).
 * matvec: y[r] = dot(W[r], xq) for r in [row_begin, row_end); xq one activation row.
 * matmul: Y[j * y_stride + r] = dot(W[r], X[j]) for j < nx, X[j] at X + j * x_stride bytes.
 *   Under 16 activation rows (a batched decode step) the weights stream once, prefetched as in
 *   matvec, and every group of up to CK_MAX_NX activation rows runs over each weight row while
 *   it is in L1 (vec_dot_multi decodes each weight block once per group). From 16 rows on,
 *   rows are processed in tiles of about 32 KB of weights; for each tile, the activations
 *   CK_MAX_NX at a time, so the tile stays in L1 while the activations stream from L2.
 *   Every row's result is the single-row dot's, bit for bit, except where a variant brings
 *   its own product
 *   (`matmul_rows`: the AVX-512 GEMMs of gemm_x16.c and gemm_kq.c, which decode 16 weight
 *   rows once into an int8 panel and run every activation row over it, the AVX2 ones of
 *   gemm_q8_0a.c and gemm_kq_avx2.c, 8 rows per panel, and arm64's i8mm ones of arm64_i8mm.c,
 *   8 rows per panel with smmla).
 * Callers split [0, rows) into ranges, one per thread; ranges write disjoint parts of y / Y.
 * matvec prefetches the weights ck_prefetch_rows() rows ahead (2 on Intel, none elsewhere).
 */
#include "ck_internal.h"

/* Prefetches the row_bytes of the row `ahead` rows past r (ck_prefetch_rows: by CPU vendor;
 * nothing when ahead is 0 or that row is past the range). */
static inline void ck_prefetch_row(const char *w, size_t row_stride, size_t row_bytes, int64_t r, int ahead,
                                   int64_t row_end) {
    if (ahead == 0 || r + ahead >= row_end) return;
    const char *p = w + (size_t)(r + ahead) * row_stride;
    for (size_t offset = 0; offset < row_bytes; offset += 64) __builtin_prefetch(p + offset, 0, 3);
}

void ck_matvec_ex(const ck_type_kernels *k, const void *W, size_t row_stride, int64_t cols,
                  const void *xq, float *y, int64_t row_begin, int64_t row_end) {
    const char *w = (const char *)W;
    const ck_vec_dot_fn dot = k->vec_dot;
    const size_t row_bytes = (size_t)(cols / k->block_size * k->block_bytes);
    const int ahead = ck_prefetch_rows();
    for (int64_t r = row_begin; r < row_end; r++) {
        ck_prefetch_row(w, row_stride, row_bytes, r, ahead, row_end);
        y[r] = dot(cols, w + (size_t)r * row_stride, xq);
    }
}

void ck_matvec(int type, const void *W, int64_t rows, int64_t cols, const void *xq, float *y,
               int64_t row_begin, int64_t row_end) {
    const ck_type_kernels *k = ck_kernels(type, ck_selected_isa());
    if (!k || row_begin < 0 || row_end > rows) return;
    ck_matvec_ex(k, W, (size_t)ck_row_size(type, cols), cols, xq, y, row_begin, row_end);
}


void ck_matmul_ex(const ck_type_kernels *k, const void *W, size_t row_stride, int64_t cols,
                  const void *X, size_t x_stride, int64_t nx, float *Y, int64_t y_stride,
                  int64_t row_begin, int64_t row_end) {
    if (k->matmul_rows && nx >= CK_GEMM_MIN_NX) {
        k->matmul_rows(W, row_stride, cols, X, x_stride, nx, Y, y_stride, row_begin, row_end);
        return;
    }
    const char *w = (const char *)W;
    const char *x = (const char *)X;
    if (nx < CK_GEMM_MIN_NX) {
        /* A batched decode step (up to 15 activation rows): stream the weights once, as matvec
         * does (prefetching rows ahead where ck_prefetch_rows says so), and run every group of
         * CK_MAX_NX activation rows over each weight row while it is in L1. Tiles would break
         * the stream, and with it about half the bandwidth on a matrix that does not fit the
         * caches. */
        const size_t row_bytes = (size_t)(cols / k->block_size * k->block_bytes);
        const int ahead = ck_prefetch_rows();
        for (int64_t r = row_begin; r < row_end; r++) {
            ck_prefetch_row(w, row_stride, row_bytes, r, ahead, row_end);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_MAX_NX) {
                const int nj = (int)(nx - j0 < CK_MAX_NX ? nx - j0 : CK_MAX_NX);
                float out[CK_MAX_NX];
                k->vec_dot_multi(cols, w + (size_t)r * row_stride, x + (size_t)j0 * x_stride, x_stride, nj, out);
                for (int j = 0; j < nj; j++) Y[(j0 + j) * y_stride + r] = out[j];
            }
        }
        return;
    }
    int64_t tile = (int64_t)(32768 / (row_stride ? row_stride : 1));
    if (tile < 4) tile = 4;
    if (tile > 64) tile = 64;
    for (int64_t r0 = row_begin; r0 < row_end; r0 += tile) {
        const int64_t r1 = r0 + tile < row_end ? r0 + tile : row_end;
        for (int64_t j0 = 0; j0 < nx; j0 += CK_MAX_NX) {
            const int nj = (int)(nx - j0 < CK_MAX_NX ? nx - j0 : CK_MAX_NX);
            for (int64_t r = r0; r < r1; r++) {
                float out[CK_MAX_NX];
                k->vec_dot_multi(cols, w + (size_t)r * row_stride, x + (size_t)j0 * x_stride, x_stride, nj, out);
                for (int j = 0; j < nj; j++) Y[(j0 + j) * y_stride + r] = out[j];
            }
        }
    }
}

/* Which function a product over nx rows calls in cell k (see ck_matvec and ck_matmul_ex). */
static const void *ck_product_function(const ck_type_kernels *k, int64_t nx) {
    if (nx == 1) return (const void *)k->vec_dot;
    if (k->matmul_rows && nx >= CK_GEMM_MIN_NX) return (const void *)k->matmul_rows;
    return (const void *)k->vec_dot_multi;
}

int ck_product_isa(int type, int isa, int64_t nx) {
    const ck_type_kernels *k = ck_kernels(type, isa);
    if (!k || nx < 1) return -1;
    const void *f = ck_product_function(k, nx);
    for (int level = CK_ISA_REF; level < k->isa; level++) {
        const ck_type_kernels *lower = ck_kernels(type, level);
        if (lower->isa == level && ck_product_function(lower, nx) == f) return level;
    }
    return k->isa;
}

void ck_matmul(int type, const void *W, int64_t rows, int64_t cols, const void *X, int64_t nx,
               float *Y, int64_t row_begin, int64_t row_end) {
    const ck_type_kernels *k = ck_kernels(type, ck_selected_isa());
    if (!k || row_begin < 0 || row_end > rows) return;
    ck_matmul_ex(k, W, (size_t)ck_row_size(type, cols), cols, X, (size_t)ck_activation_row_size(type, ck_selected_isa(), cols), nx,
                 Y, rows, row_begin, row_end);
}

/* A plain streaming read of n bytes (the bandwidth baseline benchmarks compare kernels with):
 * eight independent 64-bit sums, so the loop is bound by memory, not by an add chain, and a
 * software prefetch 2 KB ahead. */
uint64_t ck_stream_read(const void *p, size_t n) {
    const uint64_t *q = (const uint64_t *)p;
    uint64_t s[8] = {0};
    size_t words = n / 8, i = 0;
    for (; i + 8 <= words; i += 8) {
        __builtin_prefetch(q + i + 256, 0, 0); /* 2 KB ahead: more misses in flight */
        for (int l = 0; l < 8; l++) s[l] += q[i + l];
    }
    for (; i < words; i++) s[0] += q[i];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}
