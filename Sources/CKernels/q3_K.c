/*
 * q3_K.c - Q3_K weights against block_q8_K activations.
 *
 * block_q3_K (110 bytes / 256): uint8 hmask[32]; uint8 qs[64]; uint8 scales[12]; ck_half d;
 *   sixteen sub-blocks of 16 with 6-bit scales stored biased by 32 (ck_unpack_scales_q3_K:
 *   low nibbles in bytes 0-7, top 2 bits in bytes 8-11).
 *   Element e = 128h + 32j + l (h = 0, 1; j = 0...3; l < 32):
 *     q2 = (qs[32h + l] >> 2j) & 3,  high = bit (4h + j) of hmask[l],
 *     q = q2 - (high ? 0 : 4)  (in -4...3),  x = (d * (sc[e / 16] - 32)) * q.
 *
 * Dot with block_q8_K: y = sum d*dx * sum_s (sc[s] - 32) * sum_{i in s} q[i] qx[i]
 *   The SIMD variants keep the weights unsigned, u = q + 4 = q2 + 4 * high (0...7), and take the
 *   offset back through the activation sums:
 *     sum_s sc'[s] sum_{i in s} q[i] qx[i] = sum_s sc'[s] sum_{i in s} u[i] qx[i] - 4 sum_s sc'[s] bsums[s]
 *   (sc' = sc - 32; every sum exact in int32).
 * Variants: ref (dequantize, double sum), generic, AVX2 (per 32 elements u from a shift and mask
 *   of qs and of hmask, vpmaddubsw with the activations, vpmaddwd by the two sub-block scales),
 *   AVX-512 VNNI (64 elements per zmm, vpmaddubsw then vpdpwssd by the four sub-block scales;
 *   plain block_q8_K activations). The multi-row forms decode each super-block once for up to
 *   CK_MAX_NX activation rows.
 */
#include "ck_internal.h"

/* [256] the signed 3-bit values of one super-block, in element order. */
CK_INLINE void ck_q3_K_values(const block_q3_K *x, int8_t q[CK_QK_K]) {
    for (int e = 0; e < CK_QK_K; e++) {
        const int h = e / 128, j = (e % 128) / 32, l = e % 32;
        const int q2 = (x->qs[32 * h + l] >> (2 * j)) & 3;
        const int high = (x->hmask[l] >> (4 * h + j)) & 1;
        q[e] = (int8_t)(q2 - (high ? 0 : 4));
    }
}

void ck_dequantize_row_q3_K_ref(const void *src, float *dst, int64_t n) {
    const block_q3_K *x = (const block_q3_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float d = ck_h2f(x[b].d);
        int8_t sc[16], q[CK_QK_K];
        ck_unpack_scales_q3_K(x[b].scales, sc);
        ck_q3_K_values(&x[b], q);
        for (int e = 0; e < CK_QK_K; e++) *dst++ = (d * (float)sc[e / 16]) * (float)q[e];
    }
}

CK_REF_DOT_Q8_K(ck_vec_dot_q3_K_q8_K_ref, block_q3_K, ck_dequantize_row_q3_K_ref)

#if CK_GENERIC_SIMD
/* Per half h and group j (elements 128h + 32j onwards, sub-blocks 8h + 2j and 8h + 2j + 1):
 * q = (q2 | high << 2) - 4 from the 2-bit fields 2j of qs[32h...] and bit 4h + j of hmask, each
 * product scaled in int16 (ck_dot_i8x16_scaled). */
CK_INLINE float ck_dot_q3_K_block(const block_q3_K *a, const block_q8_K *b) {
    int8_t sc[16];
    ck_unpack_scales_q3_K(a->scales, sc);
    const ck_u8x16 m0 = ck_load_u8x16(a->hmask), m1 = ck_load_u8x16(a->hmask + 16);
    ck_i32x4 acc = {0, 0, 0, 0};
    for (int h = 0; h < 2; h++) {
        const ck_u8x16 q0 = ck_load_u8x16(a->qs + 32 * h), q1 = ck_load_u8x16(a->qs + 32 * h + 16);
        for (int j = 0; j < 4; j++) {
            const int8_t *y = b->qs + 128 * h + 32 * j;
            const int s = 8 * h + 2 * j, t = 4 * h + j;
            const ck_i8x16 v0 = (ck_i8x16)(((q0 >> (2 * j)) & 3) | (((m0 >> t) & 1) << 2)) - 4;
            const ck_i8x16 v1 = (ck_i8x16)(((q1 >> (2 * j)) & 3) | (((m1 >> t) & 1) << 2)) - 4;
            acc += ck_dot_i8x16_scaled(v0, ck_load_i8x16(y), sc[s]);
            acc += ck_dot_i8x16_scaled(v1, ck_load_i8x16(y + 16), sc[s + 1]);
        }
    }
    return (ck_h2f(a->d) * b->d) * (float)ck_hsum_i32x4(acc);
}
#else /* plain loops (see ck_generic.h) */
CK_INLINE float ck_dot_q3_K_block(const block_q3_K *a, const block_q8_K *b) {
    int8_t sc[16], q[CK_QK_K];
    ck_unpack_scales_q3_K(a->scales, sc);
    ck_q3_K_values(a, q);
    int32_t sumi = 0;
    for (int s = 0; s < 16; s++) {
        int32_t isum = 0;
        for (int i = 0; i < 16; i++) isum += q[16 * s + i] * b->qs[16 * s + i];
        sumi += sc[s] * isum;
    }
    return (ck_h2f(a->d) * b->d) * (float)sumi;
}
#endif
CK_GENERIC_DOT(ck_vec_dot_q3_K_q8_K_generic, block_q3_K, CK_QK_K, block_q8_K, ck_dot_q3_K_block)

#if defined(CK_X86)

/* The sixteen scales minus 32 as signed words. */
CK_INLINE_AVX2 __m256i ck_scales_q3_K_avx2(const uint8_t *scales) {
    uint64_t lo, hi;
    ck_unpack_scales_q3_K_u64(scales, &lo, &hi);
    const __m256i biased = _mm256_cvtepu8_epi16(_mm_set_epi64x((long long)hi, (long long)lo));
    return _mm256_sub_epi16(biased, _mm256_set1_epi16(32));
}

/* The offset of 4 (see the top) as the sums' starting value: -4 * sum_s sc'[s] bsums[s]. */
CK_INLINE_AVX2 __m256i ck_q3_K_offset_avx2(const block_q8_K *b, __m256i sc16) {
    return _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_slli_epi32(ck_bsums_madd_avx2(b, sc16), 2));
}

/* ---- AVX2 ----------------------------------------------------------------------------------- */

/* Per half h and group t (the header's j), 32 elements 128h + 32t onwards: q2 from qs[32h...]
 * shifted by 2t, the high bit from hmask shifted by 4h + t, u = q2 | high << 2; the group
 * covers sub-blocks 8h + 2t (bytes 0-15) and 8h + 2t + 1 (bytes 16-31). */
CK_INLINE_AVX2 void ck_vec_dot_q3_K_q8_K_avx2_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                 int nx, float *out) {
    const block_q3_K *a = (const block_q3_K *)w;
    const __m256i low2 = _mm256_set1_epi8(3), one = _mm256_set1_epi8(1);
    __m256 acc[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m256i sc16 = ck_scales_q3_K_avx2(a[k].scales);
        const __m256i hm = _mm256_loadu_si256((const __m256i *)a[k].hmask);
        const float d = ck_h2f_f16c(a[k].d);
        __m256i sumi[CK_MAX_NX];
        for (int j = 0; j < nx; j++) {
            sumi[j] = ck_q3_K_offset_avx2(ck_q8_K_at(x, xs, j, k), sc16);
        }
        for (int h = 0; h < 2; h++) {
            const __m256i q = _mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * h));
            for (int t = 0; t < 4; t++) {
                const __m256i q2 = _mm256_and_si256(_mm256_srli_epi16(q, 2 * t), low2);
                const __m256i high = _mm256_and_si256(_mm256_srli_epi16(hm, 4 * h + t), one);
                const __m256i v = _mm256_or_si256(q2, _mm256_slli_epi16(high, 2));
                const __m256i sv = ck_scale_pair_avx2(sc16, 8 * h + 2 * t);
                ck_group32_q8_K_avx2(sumi, nx, v, sv, x, xs, k, 128 * h + 32 * t);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K *b = ck_q8_K_at(x, xs, j, k);
            acc[j] = _mm256_fmadd_ps(_mm256_set1_ps(d * b->d), _mm256_cvtepi32_ps(sumi[j]), acc[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(acc[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q3_K_q8_K_avx2, CK_AVX2)

/* ---- AVX-512 VNNI ----------------------------------------------------------------------------- */

/* As AVX2, 64 elements (groups t = 2g, 2g + 1 of half h) per zmm: qs and hmask are broadcast to
 * both 256-bit halves and shifted per half (qs by 4g and 4g + 2, hmask by 4h + 2g and
 * 4h + 2g + 1); the zmm covers sub-blocks 8h + 4g ... 8h + 4g + 3 (one per 128-bit lane). */
CK_INLINE_AVX512 void ck_vec_dot_q3_K_q8_K_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                     int nx, float *out) {
    const block_q3_K *a = (const block_q3_K *)w;
    const __m512i low2 = _mm512_set1_epi8(3), one = _mm512_set1_epi8(1);
    const __m512i qshift[2] = {ck_word_halves(0, 2), ck_word_halves(4, 6)};
    __m512 acc[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = _mm512_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m256i sc16 = ck_scales_q3_K_avx2(a[k].scales);
        const __m512i s16 = _mm512_castsi256_si512(sc16);
        const __m512i hm = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)a[k].hmask));
        const float d = ck_h2f_f16c(a[k].d);
        __m512i sumi[CK_MAX_NX];
        for (int j = 0; j < nx; j++) {
            sumi[j] = _mm512_zextsi256_si512(ck_q3_K_offset_avx2(ck_q8_K_at(x, xs, j, k), sc16));
        }
        for (int h = 0; h < 2; h++) {
            const __m512i q = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * h)));
            for (int g = 0; g < 2; g++) {
                const __m512i q2 = _mm512_and_si512(_mm512_srlv_epi16(q, qshift[g]), low2);
                const __m512i hshift = ck_word_halves(4 * h + 2 * g, 4 * h + 2 * g + 1);
                const __m512i high = _mm512_and_si512(_mm512_srlv_epi16(hm, hshift), one);
                const __m512i v = _mm512_or_si512(q2, _mm512_slli_epi16(high, 2));
                const __m512i sv = ck_scales_group16(s16, 2 * h + g);
                ck_group64_q8_K_avx512(sumi, nx, v, sv, x, xs, k, 128 * h + 64 * g);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K *b = ck_q8_K_at(x, xs, j, k);
            acc[j] = _mm512_fmadd_ps(_mm512_set1_ps(d * b->d), _mm512_cvtepi32_ps(sumi[j]), acc[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(acc[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q3_K_q8_K_avx512, CK_AVX512)

#endif /* CK_X86 */
