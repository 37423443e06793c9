/*
 * q8_0a.c - the AVX2 activation layout of Q4_0, Q5_0 and MXFP4 (ck_q8_0a, see ck_internal.h) and
 * the AVX2 dot products that use it.
 *
 * Values: exactly block_q8_0's (d = max|x| / 127 rounded to f16, q = roundf(x / d)); per block
 * the scale is kept widened to f32 and -offset * sum(q) is stored beside the values, offset being
 * the weight type's zero point (Q4_0: 8, Q5_0: 16, MXFP4: 12).
 *
 * Dot: the weights stay unsigned (Q4_0 nibbles 0...15, Q5_0 0...31, MXFP4 0...24), so one vpmaddubsw of
 * u8 weights by s8 activations needs no sign trick and cannot saturate (31 * 127 * 2 < 2^15);
 * vpmaddwd widens to eight int32 lanes, the block's -offset * sum(q) is added to lane 0, and
 *   sum_b  dw_b * dx_b * (sum_i w_i x_i - offset * sum_i x_i)  =  sum_b dw_b dx_b sum_i (w_i - offset) x_i
 * is accumulated in f32 with blocks alternating between two accumulators (the same order for
 * one activation row and for up to CK_MAX_NX). The prefill product is the GEMM of
 * gemm_q8_0a.c (same block sums, blocks added in order: not bit-equal to the dot).
 */
#include "ck_internal.h"

int64_t ck_act_row_size_q8_0a(int64_t n) { return n / CK_QK * (int64_t)sizeof(ck_q8_0a); }

void ck_dequantize_row_q8_0a(const void *src, float *dst, int64_t n) {
    const ck_q8_0a *y = (const ck_q8_0a *)src;
    for (int64_t b = 0; b < n / CK_QK; b++)
        for (int l = 0; l < CK_QK; l++) dst[b * CK_QK + l] = (float)y[b].qs[l] * y[b].d;
}

#if defined(CK_X86)

CK_INLINE_AVX2 void ck_quantize_q8_0a(const float *x, void *vy, int64_t n, int32_t offset) {
    ck_q8_0a *y = (ck_q8_0a *)vy;
    for (int64_t b = 0; b < n / CK_QK; b++) {
        int32_t sum;
        const ck_half d = ck_quantize_block32_avx2(x + b * CK_QK, y[b].qs, &sum);
        y[b].d = ck_h2f_f16c(d);
        y[b].negsum = -offset * sum;
    }
}

CK_AVX2 void ck_quantize_row_q8_0a_q4_0(const float *x, void *y, int64_t n) { ck_quantize_q8_0a(x, y, n, 8); }
CK_AVX2 void ck_quantize_row_q8_0a_q5_0(const float *x, void *y, int64_t n) { ck_quantize_q8_0a(x, y, n, 16); }
CK_AVX2 void ck_quantize_row_q8_0a_mxfp4(const float *x, void *y, int64_t n) { ck_quantize_q8_0a(x, y, n, 12); }

/* One block k for every activation row j into accumulator `slot`: q holds the block's 32
 * weights as unsigned bytes, dw its scale broadcast. */
#define CK_Q8_0A_STEP(DECODE, k, slot) CK_Q8_0A_STEP_S(DECODE, CK_SCALE_F16, k, slot)
/* The same with the weight scale read by SCALE(block pointer) (MXFP4: its E8M0 exponent). */
#define CK_Q8_0A_STEP_S(DECODE, SCALE, k, slot)                                                 \
    {                                                                                           \
        const __m256i q = DECODE(a + (k));                                                      \
        const __m256 dw = _mm256_set1_ps(SCALE(&a[k]));                                         \
        for (int j = 0; j < nx; j++) {                                                          \
            const ck_q8_0a *b = (const ck_q8_0a *)((const char *)x + (size_t)j * xs) + (k);     \
            __m256i p = ck_dot_u8i8_avx2(q, _mm256_loadu_si256((const __m256i *)b->qs));       \
            p = _mm256_add_epi32(p, _mm256_zextsi128_si256(_mm_cvtsi32_si128(b->negsum)));      \
            const __m256 sc = _mm256_mul_ps(dw, _mm256_broadcast_ss(&b->d));                    \
            acc[j][slot] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), sc, acc[j][slot]);            \
        }                                                                                       \
    }

#define CK_Q8_0A_DOT(name, block_t, DECODE) CK_AVX2_PAIRED_DOT(name, block_t, CK_Q8_0A_STEP, DECODE)


/* Q4_0: the nibbles as they are (0...15). */
CK_INLINE_AVX2 __m256i ck_decode_q4_0_u8_avx2(const block_q4_0 *p) { return ck_nibbles_avx2(p->qs); }
CK_Q8_0A_DOT(ck_vec_dot_q4_0_q8_0a_avx2, block_q4_0, ck_decode_q4_0_u8_avx2)

/* Q5_0: nibbles plus 16 where the block's qh bit is set (0...31). */
CK_INLINE_AVX2 __m256i ck_decode_q5_0_u8_avx2(const block_q5_0 *p) { return ck_q5_values_avx2(p->qs, p->qh); }
CK_Q8_0A_DOT(ck_vec_dot_q5_0_q8_0a_avx2, block_q5_0, ck_decode_q5_0_u8_avx2)

/* The GEMM of gemm_q8_0a.c: `name` a ck_matmul_rows_fn, name##_pack decoding blocks
 * c0...c0+cb-1 of one row into lane `lane` of the panel (dword k of a block to step k). */
#define CK_G8_GEMM(name, block_t, DECODE) CK_G8_GEMM_S(name, block_t, DECODE, CK_SCALE_F16)
#define CK_G8_GEMM_S(name, block_t, DECODE, SCALE)                                              \
    static CK_AVX2 void name##_pack(const void *row, int64_t c0, int cb, uint8_t *pq, float *pd, int lane) { \
        const block_t *a = (const block_t *)row + c0;                                           \
        for (int b = 0; b < cb; b++) {                                                          \
            _Alignas(32) uint8_t u[CK_QK];                                                      \
            _mm256_store_si256((__m256i *)u, DECODE(a + b));                                    \
            for (int k = 0; k < 8; k++) memcpy(pq + (size_t)b * 256 + 32 * k + 4 * lane, u + 4 * k, 4); \
            pd[8 * b + lane] = SCALE(&a[b]);                                                    \
        }                                                                                       \
    }                                                                                           \
    CK_MATMUL_VIA(CK_AVX2, name, ck_gemm_q8_0a_rows, name##_pack)
CK_G8_GEMM(ck_matmul_q4_0_g8_avx2, block_q4_0, ck_decode_q4_0_u8_avx2)
CK_G8_GEMM(ck_matmul_q5_0_g8_avx2, block_q5_0, ck_decode_q5_0_u8_avx2)

/* MXFP4: the doubled E2M1 values plus 12 (0...24), one vpshufb of the nibbles; maddubs of
 * 24 * 127 * 2 cannot saturate, nor the GEMM's four steps (4 * 2 * 24 * 127 < 2^15). */
CK_INLINE_AVX2 __m256i ck_decode_mxfp4_u8_avx2(const block_mxfp4 *p) {
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(CK_MXFP4_U8_TABLE), ck_nibbles_avx2(p->qs));
}
#define CK_SCALE_E8M0(p) ck_e8m0_half((p)->e)
#define CK_MXFP4_Q8_0A_STEP(DECODE, k, slot) CK_Q8_0A_STEP_S(DECODE, CK_SCALE_E8M0, k, slot)
CK_AVX2_PAIRED_DOT(ck_vec_dot_mxfp4_q8_0a_avx2, block_mxfp4, CK_MXFP4_Q8_0A_STEP, ck_decode_mxfp4_u8_avx2)
CK_G8_GEMM_S(ck_matmul_mxfp4_g8_avx2, block_mxfp4, ck_decode_mxfp4_u8_avx2, CK_SCALE_E8M0)

#endif /* CK_X86 */
