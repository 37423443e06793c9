/*
 * q2_K.c - Q2_K weights against block_q8_K activations.
 *
 * block_q2_K (84 bytes / 256): uint8 scales[16]; uint8 qs[64]; ck_half d, dmin;
 *   sixteen sub-blocks of 16; scales[s] holds the scale (low nibble) and min (high nibble).
 *   Element 128h + 32j + l (h = 0, 1; j = 0...3; l < 32) is (qs[32h + l] >> 2j) & 3, in
 *   sub-block s = 8h + 2j + l / 16.
 *   x = (d * (scales[s] & 15)) * q - (dmin * (scales[s] >> 4)),  q in 0...3.
 *
 * Dot with block_q8_K (dx, qx, bsums):
 *   y = sum d*dx * sum_s (scales[s] & 15) sum_{i in s} q[i] qx[i]  -  dmin*dx * sum_s (scales[s] >> 4) bsums[s]
 *   Both inner sums are exact in int32; the two products and the accumulation are f32.
 * Variants: ref (dequantize, double sum), generic, AVX2 (per 32 elements one shift and mask of
 *   qs, vpmaddubsw with the activations, vpmaddwd by the two sub-block scales; the mins through
 *   vpmaddwd of bsums), AVX-512 VNNI (64 elements per zmm, vpmaddubsw then vpdpwssd by the four
 *   sub-block scales; plain block_q8_K activations). The multi-row forms decode each
 *   super-block once for up to CK_MAX_NX activation rows.
 */
#include "ck_internal.h"

void ck_dequantize_row_q2_K_ref(const void *src, float *dst, int64_t n) {
    const block_q2_K *x = (const block_q2_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float d = ck_h2f(x[b].d), dmin = ck_h2f(x[b].dmin);
        for (int e = 0; e < CK_QK_K; e++) {
            const int h = e / 128, j = (e % 128) / 32, l = e % 32, s = e / 16;
            const int q = (x[b].qs[32 * h + l] >> (2 * j)) & 3;
            const float dl = d * (float)(x[b].scales[s] & 0xF), ml = dmin * (float)(x[b].scales[s] >> 4);
            *dst++ = dl * (float)q - ml;
        }
    }
}

CK_REF_DOT_Q8_K(ck_vec_dot_q2_K_q8_K_ref, block_q2_K, ck_dequantize_row_q2_K_ref)

#if CK_GENERIC_SIMD
/* Per half h and group j, elements 128h + 32j onwards: the 2-bit fields 2j of qs[32h...], sub-blocks
 * 8h + 2j (bytes 0-15) and 8h + 2j + 1 (16-31), each product scaled in int16 (ck_dot_i8x16_scaled). */
CK_INLINE float ck_dot_q2_K_block(const block_q2_K *a, const block_q8_K *b) {
    ck_i32x4 acc = {0, 0, 0, 0};
    for (int h = 0; h < 2; h++) {
        const ck_u8x16 q0 = ck_load_u8x16(a->qs + 32 * h), q1 = ck_load_u8x16(a->qs + 32 * h + 16);
        for (int j = 0; j < 4; j++) {
            const int8_t *y = b->qs + 128 * h + 32 * j;
            const int s = 8 * h + 2 * j;
            acc += ck_dot_i8x16_scaled((ck_i8x16)((q0 >> (2 * j)) & 3), ck_load_i8x16(y), (int16_t)(a->scales[s] & 0xF));
            acc += ck_dot_i8x16_scaled((ck_i8x16)((q1 >> (2 * j)) & 3), ck_load_i8x16(y + 16), (int16_t)(a->scales[s + 1] & 0xF));
        }
    }
    const int32_t sumi = ck_hsum_i32x4(acc);
    int32_t summ = 0;
    for (int s = 0; s < 16; s++) summ += (a->scales[s] >> 4) * b->bsums[s];
    return (ck_h2f(a->d) * b->d) * (float)sumi - (ck_h2f(a->dmin) * b->d) * (float)summ;
}
#else /* plain loops (see ck_generic.h) */
CK_INLINE float ck_dot_q2_K_block(const block_q2_K *a, const block_q8_K *b) {
    int32_t sumi = 0, summ = 0;
    for (int h = 0; h < 2; h++) {
        for (int j = 0; j < 4; j++) {
            const int8_t *y = b->qs + 128 * h + 32 * j;
            const uint8_t *q = a->qs + 32 * h;
            int32_t s0 = 0, s1 = 0;
            for (int l = 0; l < 16; l++) {
                s0 += ((q[l] >> (2 * j)) & 3) * y[l];
                s1 += ((q[l + 16] >> (2 * j)) & 3) * y[l + 16];
            }
            const int s = 8 * h + 2 * j;
            sumi += (a->scales[s] & 0xF) * s0 + (a->scales[s + 1] & 0xF) * s1;
        }
    }
    for (int s = 0; s < 16; s++) summ += (a->scales[s] >> 4) * b->bsums[s];
    return (ck_h2f(a->d) * b->d) * (float)sumi - (ck_h2f(a->dmin) * b->d) * (float)summ;
}
#endif
CK_GENERIC_DOT(ck_vec_dot_q2_K_q8_K_generic, block_q2_K, CK_QK_K, block_q8_K, ck_dot_q2_K_block)

#if defined(CK_X86)

/* ---- AVX2 ----------------------------------------------------------------------------------- */

/* Per half h, one 32-byte load of qs holds four groups of 32 elements (t = 0...3, two bits
 * each); group t covers sub-blocks 8h + 2t (bytes 0-15) and 8h + 2t + 1 (bytes 16-31), which
 * is how ck_scale_pair_avx2 lines the scales up. */
CK_INLINE_AVX2 void ck_vec_dot_q2_K_q8_K_avx2_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                 int nx, float *out) {
    const block_q2_K *a = (const block_q2_K *)w;
    const __m256i low2 = _mm256_set1_epi8(3);
    const __m128i low4 = _mm_set1_epi8(0x0F);
    __m256 acc[CK_MAX_NX], accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = accm[j] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m128i packed = _mm_loadu_si128((const __m128i *)a[k].scales);
        const __m256i sc16 = _mm256_cvtepu8_epi16(_mm_and_si128(packed, low4));
        const __m256i m16 = _mm256_cvtepu8_epi16(_mm_and_si128(_mm_srli_epi16(packed, 4), low4));
        const float d = ck_h2f_f16c(a[k].d), dmin = ck_h2f_f16c(a[k].dmin);
        __m256i sumi[CK_MAX_NX];
        for (int j = 0; j < nx; j++) sumi[j] = _mm256_setzero_si256();
        for (int h = 0; h < 2; h++) {
            const __m256i q = _mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * h));
            for (int t = 0; t < 4; t++) {
                const __m256i v = _mm256_and_si256(_mm256_srli_epi16(q, 2 * t), low2);
                const __m256i sv = ck_scale_pair_avx2(sc16, 8 * h + 2 * t);
                ck_group32_q8_K_avx2(sumi, nx, v, sv, x, xs, k, 128 * h + 32 * t);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K *b = ck_q8_K_at(x, xs, j, k);
            const __m256i pm = ck_bsums_madd_avx2(b, m16);
            acc[j] = _mm256_fmadd_ps(_mm256_set1_ps(d * b->d), _mm256_cvtepi32_ps(sumi[j]), acc[j]);
            accm[j] = _mm256_fmadd_ps(_mm256_set1_ps(dmin * b->d), _mm256_cvtepi32_ps(pm), accm[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(acc[j]) - ck_hsum256(accm[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q2_K_q8_K_avx2, CK_AVX2)

/* ---- AVX-512 VNNI ----------------------------------------------------------------------------- */

/* Per half h the 32 bytes of qs are broadcast to both 256-bit halves of a zmm and shifted by
 * 4g (low half: group t = 2g) and 4g + 2 (high half: t = 2g + 1): 64 elements, 128h + 64g
 * onwards, in sub-blocks 8h + 4g ... 8h + 4g + 3 (one per 128-bit lane). */
CK_INLINE_AVX512 void ck_vec_dot_q2_K_q8_K_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                     int nx, float *out) {
    const block_q2_K *a = (const block_q2_K *)w;
    const __m512i low2 = _mm512_set1_epi8(3);
    const __m128i low4 = _mm_set1_epi8(0x0F);
    const __m512i shift[2] = {ck_word_halves(0, 2), ck_word_halves(4, 6)};
    __m512 acc[CK_MAX_NX];
    __m256 accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) {
        acc[j] = _mm512_setzero_ps();
        accm[j] = _mm256_setzero_ps();
    }
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m128i packed = _mm_loadu_si128((const __m128i *)a[k].scales);
        const __m256i sc16 = _mm256_cvtepu8_epi16(_mm_and_si128(packed, low4));
        const __m256i m16 = _mm256_cvtepu8_epi16(_mm_and_si128(_mm_srli_epi16(packed, 4), low4));
        const __m512i s16 = _mm512_castsi256_si512(sc16);
        const float d = ck_h2f_f16c(a[k].d), dmin = ck_h2f_f16c(a[k].dmin);
        __m512i sumi[CK_MAX_NX];
        for (int j = 0; j < nx; j++) sumi[j] = _mm512_setzero_si512();
        for (int h = 0; h < 2; h++) {
            const __m512i q = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * h)));
            for (int g = 0; g < 2; g++) {
                const __m512i v = _mm512_and_si512(_mm512_srlv_epi16(q, shift[g]), low2);
                const __m512i sv = ck_scales_group16(s16, 2 * h + g);
                ck_group64_q8_K_avx512(sumi, nx, v, sv, x, xs, k, 128 * h + 64 * g);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K *b = ck_q8_K_at(x, xs, j, k);
            const __m256i pm = ck_bsums_madd_avx2(b, m16);
            acc[j] = _mm512_fmadd_ps(_mm512_set1_ps(d * b->d), _mm512_cvtepi32_ps(sumi[j]), acc[j]);
            accm[j] = _mm256_fmadd_ps(_mm256_set1_ps(dmin * b->d), _mm256_cvtepi32_ps(pm), accm[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(acc[j]) - ck_hsum256(accm[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q2_K_q8_K_avx512, CK_AVX512)

#endif /* CK_X86 */
