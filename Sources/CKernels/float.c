/*
 * float.c - F32, F16 and BF16 weights against f32 activations.
 *
 * Math:    y = sum_i w[i] * x[i], w[i] decoded exactly to f32 (f16: IEEE binary16;
 *          bf16: the top half of a binary32), x[i] f32 (activations are not quantized).
 * Layout:  a row is n consecutive elements of 4 (F32) or 2 (F16, BF16) bytes; any n.
 * Variants: ref (double accumulation), generic (8 float lanes), AVX2/FMA (4x8 lanes),
 *          AVX-512 (4x16 lanes, masked tail).
 */
#include "ck_internal.h"

/* ---- dequantization (exact) ----------------------------------------------------------- */

void ck_dequantize_row_f32_ref(const void *src, float *dst, int64_t n) {
    memcpy(dst, src, (size_t)n * sizeof(float));
}

void ck_dequantize_row_f16_ref(const void *src, float *dst, int64_t n) {
    const ck_half *h = (const ck_half *)src;
    for (int64_t i = 0; i < n; i++) dst[i] = ck_h2f(h[i]);
}

void ck_dequantize_row_bf16_ref(const void *src, float *dst, int64_t n) {
    const ck_bf16 *h = (const ck_bf16 *)src;
    for (int64_t i = 0; i < n; i++) dst[i] = ck_bf2f(h[i]);
}

/* F32 activations need no quantization: a copy. */
void ck_copy_row_f32(const float *x, void *y, int64_t n) { memcpy(y, x, (size_t)n * sizeof(float)); }

/* ---- reference ------------------------------------------------------------------------ */

/* The dot in double of decoded weights (type T) and f32 activations, and its multi variant. */
#define CK_REF_FLOAT_DOT(name, T, decode)                                      \
    float name(int64_t n, const void *w, const void *x) {                      \
        const T *a = (const T *)w;                                             \
        const float *b = (const float *)x;                                     \
        double sum = 0;                                                        \
        for (int64_t i = 0; i < n; i++) sum += (double)decode(a[i]) * (double)b[i]; \
        return (float)sum;                                                     \
    }                                                                          \
    CK_MULTI_FROM_SINGLE(name)

#define CK_IDENTITY(v) (v)
CK_REF_FLOAT_DOT(ck_vec_dot_f32_f32_ref, float, CK_IDENTITY)
CK_REF_FLOAT_DOT(ck_vec_dot_f16_f32_ref, ck_half, ck_h2f)
CK_REF_FLOAT_DOT(ck_vec_dot_bf16_f32_ref, ck_bf16, ck_bf2f)

/* ---- generic: eight independent float lanes (vectorizable without reassociation) ------ */

#define CK_GENERIC_FLOAT_DOT(name, T, decode)                                  \
    float name(int64_t n, const void *w, const void *x) {                      \
        const T *a = (const T *)w;                                             \
        const float *b = (const float *)x;                                     \
        float acc[8] = {0};                                                    \
        int64_t i = 0;                                                         \
        for (; i + 8 <= n; i += 8)                                             \
            for (int l = 0; l < 8; l++) acc[l] += decode(a[i + l]) * b[i + l]; \
        float sum = ((acc[0] + acc[4]) + (acc[1] + acc[5])) +                  \
                    ((acc[2] + acc[6]) + (acc[3] + acc[7]));                   \
        for (; i < n; i++) sum += decode(a[i]) * b[i];                         \
        return sum;                                                            \
    }                                                                          \
    CK_MULTI_FROM_SINGLE(name)

CK_GENERIC_FLOAT_DOT(ck_vec_dot_f32_f32_generic, float, CK_IDENTITY)
CK_GENERIC_FLOAT_DOT(ck_vec_dot_f16_f32_generic, ck_half, ck_h2f)
CK_GENERIC_FLOAT_DOT(ck_vec_dot_bf16_f32_generic, ck_bf16, ck_bf2f)

#if defined(CK_X86)

/* ---- AVX2: 8 weights per step, decoded once and used for nx activation rows ----------- */

CK_INLINE_AVX2 __m256 ck_load8_f32(const float *p) { return _mm256_loadu_ps(p); }
CK_INLINE_AVX2 __m256 ck_load8_f16(const ck_half *p) {
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p));
}
CK_INLINE_AVX2 __m256 ck_load8_bf16(const ck_bf16 *p) {
    __m256i v = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(v, 16));
}

/* The body of both SIMD levels: two accumulators of W lanes per activation row, the weights of
 * 2 W elements decoded once (LOADW) for every row; TAIL(a, x, xs, nx, out, acc, i, n) finishes
 * from element i (the level's own way). */
#define CK_SIMD_FLOAT_DOT(name, ATTR, vec_t, T, W, ZERO, LOADW, LOADX, FMADD, TAIL)                \
    ATTR void name(int64_t n, const void *w, const void *x, size_t xs, int nx, float *out) {       \
        const T *a = (const T *)w;                                                                 \
        vec_t acc[CK_MAX_NX][2];                                                                   \
        for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = ZERO();                               \
        int64_t i = 0;                                                                             \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                                   \
            vec_t w0 = LOADW(a + i), w1 = LOADW(a + i + (W));                                      \
            for (int j = 0; j < nx; j++) {                                                         \
                const float *b = (const float *)((const char *)x + (size_t)j * xs);                \
                acc[j][0] = FMADD(w0, LOADX(b + i), acc[j][0]);                                    \
                acc[j][1] = FMADD(w1, LOADX(b + i + (W)), acc[j][1]);                              \
            }                                                                                      \
        }                                                                                          \
        TAIL(a, x, xs, nx, out, acc, i, n);                                                        \
    }

/* AVX2: each row's two accumulators summed, then the last n % 16 elements one by one. */
#define CK_AVX2_FLOAT_TAIL(decode)                                                                 \
    for (int j = 0; j < nx; j++) {                                                                 \
        const float *b = (const float *)((const char *)x + (size_t)j * xs);                        \
        float s = ck_hsum256(_mm256_add_ps(acc[j][0], acc[j][1]));                                 \
        for (int64_t k = i; k < n; k++) s += decode(a[k]) * b[k];                                  \
        out[j] = s;                                                                                \
    }
#define CK_AVX2_TAIL_F32(a, x, xs, nx, out, acc, i, n) CK_AVX2_FLOAT_TAIL(CK_IDENTITY)
#define CK_AVX2_TAIL_F16(a, x, xs, nx, out, acc, i, n) CK_AVX2_FLOAT_TAIL(ck_h2f)
#define CK_AVX2_TAIL_BF16(a, x, xs, nx, out, acc, i, n) CK_AVX2_FLOAT_TAIL(ck_bf2f)

#define CK_AVX2_FLOAT_DOT(stem, T, load8, TAIL)                                                    \
    CK_SIMD_FLOAT_DOT(stem##_avx2_nx, CK_INLINE_AVX2, __m256, T, 8, _mm256_setzero_ps, load8, _mm256_loadu_ps, \
                      _mm256_fmadd_ps, TAIL)                                                       \
    CK_NX_ENTRIES(stem##_avx2, CK_AVX2)

CK_AVX2_FLOAT_DOT(ck_vec_dot_f32_f32, float, ck_load8_f32, CK_AVX2_TAIL_F32)
CK_AVX2_FLOAT_DOT(ck_vec_dot_f16_f32, ck_half, ck_load8_f16, CK_AVX2_TAIL_F16)
CK_AVX2_FLOAT_DOT(ck_vec_dot_bf16_f32, ck_bf16, ck_load8_bf16, CK_AVX2_TAIL_BF16)

/* ---- AVX-512: 32 weights per step, masked loads for the tail -------------------------- */

CK_INLINE_AVX512 __m512 ck_load16_f32(const float *p, __mmask16 m) { return _mm512_maskz_loadu_ps(m, p); }
CK_INLINE_AVX512 __m512 ck_load16_f16(const ck_half *p, __mmask16 m) {
    return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, p));
}
CK_INLINE_AVX512 __m512 ck_load16_bf16(const ck_bf16 *p, __mmask16 m) {
    __m512i v = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(v, 16));
}

/* AVX-512: the last n % 32 elements 16 at a time with masked loads, then each row's sum. */
#define CK_AVX512_FLOAT_TAIL(load16, a, x, xs, nx, out, acc, i, n)                                 \
    for (; i < n; i += 16) {                                                                       \
        int64_t left = n - i;                                                                      \
        __mmask16 m = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);              \
        __m512 w0 = load16(a + i, m);                                                              \
        for (int j = 0; j < nx; j++) {                                                             \
            const float *b = (const float *)((const char *)x + (size_t)j * xs);                    \
            acc[j][0] = _mm512_fmadd_ps(w0, _mm512_maskz_loadu_ps(m, b + i), acc[j][0]);           \
        }                                                                                          \
    }                                                                                              \
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_add_ps(acc[j][0], acc[j][1]))
#define CK_AVX512_TAIL_F32(...) CK_AVX512_FLOAT_TAIL(ck_load16_f32, __VA_ARGS__)
#define CK_AVX512_TAIL_F16(...) CK_AVX512_FLOAT_TAIL(ck_load16_f16, __VA_ARGS__)
#define CK_AVX512_TAIL_BF16(...) CK_AVX512_FLOAT_TAIL(ck_load16_bf16, __VA_ARGS__)
#define CK_FULL16(load16) load16##_full
CK_INLINE_AVX512 __m512 ck_load16_f32_full(const float *p) { return ck_load16_f32(p, 0xFFFF); }
CK_INLINE_AVX512 __m512 ck_load16_f16_full(const ck_half *p) { return ck_load16_f16(p, 0xFFFF); }
CK_INLINE_AVX512 __m512 ck_load16_bf16_full(const ck_bf16 *p) { return ck_load16_bf16(p, 0xFFFF); }

#define CK_AVX512_FLOAT_DOT(stem, T, load16, TAIL)                                                 \
    CK_SIMD_FLOAT_DOT(stem##_avx512_nx, CK_INLINE_AVX512, __m512, T, 16, _mm512_setzero_ps, CK_FULL16(load16), \
                      _mm512_loadu_ps, _mm512_fmadd_ps, TAIL)                                      \
    CK_NX_ENTRIES(stem##_avx512, CK_AVX512)

CK_AVX512_FLOAT_DOT(ck_vec_dot_f32_f32, float, ck_load16_f32, CK_AVX512_TAIL_F32)
CK_AVX512_FLOAT_DOT(ck_vec_dot_f16_f32, ck_half, ck_load16_f16, CK_AVX512_TAIL_F16)
CK_AVX512_FLOAT_DOT(ck_vec_dot_bf16_f32, ck_bf16, ck_load16_bf16, CK_AVX512_TAIL_BF16)

#endif /* CK_X86 */
