/*
 * q5_K.c - Q5_K weights against block_q8_K32 activations.
 *
 * block_q5_K (176 bytes / 256): ck_half d, dmin; uint8 scales[12]; uint8 qh[32]; uint8 qs[128];
 *   As Q4_K (eight sub-blocks of 32, 6-bit scales and mins packed the same way, chunk c holds
 *   elements 64c...64c+63 as the low then the high nibbles of qs[32c...32c+31]), plus a fifth
 *   bit: element 32j + l (sub-block j, l < 32) takes bit j of qh[l] as bit 4.
 *   x = (d * sc[j]) * q - (dmin * m[j]),  q in 0...31.
 *
 * Dot with block_q8_K32 (a scale dx[j] per sub-block of 32): as Q4_K:
 *   y = sum d * sum_j dx[j] sc[j] sum_{i in j} q[i] qx[i]  -  dmin * sum_j dx[j] m[j] (bsums[2j] + bsums[2j+1])
 * Variants: ref, generic, AVX2 and AVX-512 VNNI (as Q4_K's, ck_q8_Kx activations; the fifth
 *   bits set with a byte mask).
 */
#include "ck_kquant_x86.h"

void ck_dequantize_row_q5_K_ref(const void *src, float *dst, int64_t n) {
    const block_q5_K *x = (const block_q5_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float d = ck_h2f(x[b].d), dmin = ck_h2f(x[b].dmin);
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = x[b].qs + 32 * c;
            uint8_t sc, m;
            ck_get_scale_min_k4(2 * c, x[b].scales, &sc, &m);
            const float d1 = d * (float)sc, m1 = dmin * (float)m;
            ck_get_scale_min_k4(2 * c + 1, x[b].scales, &sc, &m);
            const float d2 = d * (float)sc, m2 = dmin * (float)m;
            const uint8_t u1 = (uint8_t)(1u << (2 * c)), u2 = (uint8_t)(2u << (2 * c));
            for (int l = 0; l < 32; l++) *dst++ = d1 * (float)((q[l] & 0xF) + (x[b].qh[l] & u1 ? 16 : 0)) - m1;
            for (int l = 0; l < 32; l++) *dst++ = d2 * (float)((q[l] >> 4) + (x[b].qh[l] & u2 ? 16 : 0)) - m2;
        }
    }
}

CK_REF_DOT_Q8_K32(ck_vec_dot_q5_K_q8_K32_ref, block_q5_K, ck_dequantize_row_q5_K_ref)

float ck_vec_dot_q5_K_q8_K32_generic(int64_t n, const void *w, const void *x) {
    const block_q5_K *a = (const block_q5_K *)w;
    const block_q8_K32 *b = (const block_q8_K32 *)x;
    float sum = 0.0f;
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        uint8_t sc[8], m[8];
        ck_unpack_scales_k4(a[k].scales, sc, m);
        float sumd = 0.0f, summ = 0.0f;
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = a[k].qs + 32 * c;
            const int8_t *y = b[k].qs + 64 * c;
            int32_t lo = 0, hi = 0;
            for (int l = 0; l < 32; l++) {
                const int h = a[k].qh[l] >> (2 * c);
                lo += ((q[l] & 0xF) | ((h & 1) << 4)) * y[l];
                hi += ((q[l] >> 4) | ((h & 2) << 3)) * y[l + 32];
            }
            sumd += b[k].d[2 * c] * (float)(sc[2 * c] * lo) + b[k].d[2 * c + 1] * (float)(sc[2 * c + 1] * hi);
        }
        for (int j = 0; j < 8; j++) summ += b[k].d[j] * (float)(m[j] * (b[k].bsums[2 * j] + b[k].bsums[2 * j + 1]));
        sum += ck_h2f(a[k].d) * sumd - ck_h2f(a[k].dmin) * summ;
    }
    return sum;
}

CK_MULTI_FROM_SINGLE(ck_vec_dot_q5_K_q8_K32_generic)

#if defined(CK_X86)

/* ---- AVX2 --------------------------------------------------------------------------------------- */

CK_INLINE_AVX2 void ck_vec_dot_q5_K_q8_K32_avx2_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                   int nx, float *out) {
    const block_q5_K *a = (const block_q5_K *)w;
    const __m256i low4 = _mm256_set1_epi8(0x0F), bit4 = _mm256_set1_epi8(0x10);
    __m256 acc[CK_MAX_NX], accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = accm[j] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        uint8_t sc[8], m[8];
        ck_unpack_scales_k4(a[k].scales, sc, m);
        const float d = ck_h2f_f16c(a[k].d), dmin = ck_h2f_f16c(a[k].dmin);
        const __m256i mins = ck_mins_pairs_avx2(m);
        const __m256i hq = _mm256_loadu_si256((const __m256i *)a[k].qh);
        __m256 sumd[CK_MAX_NX]; /* this super-block's sum_j dx[j] sc[j] (q . qx)_j, 8 lanes */
        for (int j = 0; j < nx; j++) sumd[j] = _mm256_setzero_ps();
        for (int c = 0; c < 4; c++) {
            const __m256i q = _mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * c));
            const __m256i b1 = _mm256_set1_epi8((char)(1 << (2 * c))), b2 = _mm256_set1_epi8((char)(2 << (2 * c)));
            const __m256i h1 = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(hq, b1), b1), bit4);
            const __m256i h2 = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(hq, b2), b2), bit4);
            const __m256i lo = _mm256_or_si256(_mm256_and_si256(q, low4), h1);
            const __m256i hi = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(q, 4), low4), h2);
            const __m256i s_lo = _mm256_set1_epi16(sc[2 * c]), s_hi = _mm256_set1_epi16(sc[2 * c + 1]);
            for (int j = 0; j < nx; j++) {
                const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
                const int8_t *y = b->qs + 64 * c;
                const __m256i p_lo = _mm256_maddubs_epi16(lo, _mm256_loadu_si256((const __m256i *)y));
                const __m256i p_hi = _mm256_maddubs_epi16(hi, _mm256_loadu_si256((const __m256i *)(y + 32)));
                sumd[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(p_lo, s_lo)), _mm256_set1_ps(b->d[2 * c]), sumd[j]);
                sumd[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(p_hi, s_hi)), _mm256_set1_ps(b->d[2 * c + 1]),
                                          sumd[j]);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
            const __m256i pm = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)b->bsums), mins); /* m[j] * bsum32[j] */
            acc[j] = _mm256_fmadd_ps(_mm256_set1_ps(d), sumd[j], acc[j]);
            accm[j] = _mm256_fmadd_ps(_mm256_mul_ps(_mm256_set1_ps(dmin), _mm256_cvtepi32_ps(pm)), _mm256_loadu_ps(b->d), accm[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(acc[j]) - ck_hsum256(accm[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q5_K_q8_K32_avx2, CK_AVX2)

/* ---- AVX-512 VNNI ------------------------------------------------------------------------------- */

/* As Q4_K (one 64-byte load of qs per half h, sub-blocks 4h, 4h + 2 in the low nibbles and
 * 4h + 1, 4h + 3 in the high ones, ck_q8_Kx activations, the lane factors from one product per
 * super-block and row), plus the fifth bits: qh tested against the sub-block's bit gives a
 * byte mask, and a masked add puts 16 where it is set. */
CK_INLINE_AVX512 void ck_vec_dot_q5_K_q8_K32_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                       int nx, float *out) {
    const block_q5_K *a = (const block_q5_K *)w;
    const __m512i low4 = _mm512_set1_epi8(0x0F), bit4 = _mm512_set1_epi8(0x10);
    const __m512i lanes[4] = {ck_lane_halves(0, 4), ck_lane_halves(2, 6), ck_lane_halves(8, 12), ck_lane_halves(10, 14)};
    __m512i sel[4]; /* [4] the qh bit of sub-blocks (4h, 4h + 2) and (4h + 1, 4h + 3), per byte */
    for (int i = 0; i < 4; i++) {
        const int s0 = 4 * (i / 2) + (i % 2);
        sel[i] = _mm512_inserti64x4(_mm512_set1_epi8((char)(1 << s0)), _mm256_set1_epi8((char)(1 << (s0 + 2))), 1);
    }
    __m512 acc[2][CK_MAX_NX];
    __m512 accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[0][j] = acc[1][j] = accm[j] = _mm512_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m512 pairs = ck_scales_k4_pairs(&a[k].d, a[k].scales);
        __m512 f[CK_MAX_NX][4];
        for (int j = 0; j < nx; j++) {
            const ck_q8_Kx *b = (const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k;
            accm[j] = ck_lane_factors(pairs, b->d2, b->qsum, lanes, f[j], accm[j]);
        }
        const __m512i hq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)a[k].qh));
        for (int h = 0; h < 2; h++) {
            const __m512i v = _mm512_loadu_si512(a[k].qs + 64 * h);
            __m512i lo = _mm512_and_si512(v, low4);
            __m512i hi = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
            lo = _mm512_mask_add_epi8(lo, _mm512_test_epi8_mask(hq, sel[2 * h]), lo, bit4);
            hi = _mm512_mask_add_epi8(hi, _mm512_test_epi8_mask(hq, sel[2 * h + 1]), hi, bit4);
            for (int j = 0; j < nx; j++) {
                const int8_t *y = ((const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k)->qs + 128 * h;
                acc[0][j] = ck_group_step(acc[0][j], lo, _mm512_load_si512(y), f[j][2 * h]);
                acc[1][j] = ck_group_step(acc[1][j], hi, _mm512_load_si512(y + 64), f[j][2 * h + 1]);
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_sub_ps(_mm512_add_ps(acc[0][j], acc[1][j]), accm[j]));
}
CK_NX_ENTRIES(ck_vec_dot_q5_K_q8_K32_avx512, CK_AVX512)

/* The GEMM panels of super-blocks c0...c0+cb-1 of `nrows` rows (gemm_kq.c): Q4_K's (ck_q8_Kx
 * order, d * sc in that order, -dmin * m in element order) with the fifth bits added as in the dot:
 * the low nibbles of half h are sub-blocks 4h (bytes 0-31) and 4h + 2, the high ones 4h + 1
 * and 4h + 3. */
CK_AVX512 void ck_pack_q5_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel) {
    static const int order[8] = {0, 2, 1, 3, 4, 6, 5, 7};
    const __m512i low4 = _mm512_set1_epi8(0x0F), bit4 = _mm512_set1_epi8(0x10);
    for (int k = 0; k < cb; k++) {
        ck_kq_panel *p = panel + k;
        for (int c = 0; c < 4; c++) {
            const int h = c / 2;
            __m512i v[16];
            for (int r = 0; r < 16; r++) {
                if (r >= nrows) {
                    v[r] = _mm512_setzero_si512();
                    continue;
                }
                const block_q5_K *a = (const block_q5_K *)(W + (size_t)r * row_stride) + c0 + k;
                const __m512i v0 = _mm512_loadu_si512(a->qs + 64 * h);
                const __m512i hq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)a->qh));
                const int s0 = 4 * h + c % 2; /* the sub-block of bytes 0-31; bytes 32-63 take s0 + 2 */
                const __m512i sel = _mm512_inserti64x4(_mm512_set1_epi8((char)(1 << s0)), _mm256_set1_epi8((char)(1 << (s0 + 2))), 1);
                const __m512i q = c % 2 == 0 ? _mm512_and_si512(v0, low4) : _mm512_and_si512(_mm512_srli_epi16(v0, 4), low4);
                v[r] = _mm512_mask_add_epi8(q, _mm512_test_epi8_mask(hq, sel), q, bit4);
            }
            ck_transpose16(v);
            for (int i = 0; i < 16; i++) _mm512_store_si512(p->q[16 * c + i], v[i]);
        }
        for (int r = 0; r < nrows; r++) {
            const block_q5_K *a = (const block_q5_K *)(W + (size_t)r * row_stride) + c0 + k;
            uint8_t sc[8], m[8];
            ck_unpack_scales_k4(a->scales, sc, m);
            const float d = ck_h2f_f16c(a->d), dmin = ck_h2f_f16c(a->dmin);
            for (int g = 0; g < 8; g++) p->dsc[g][r] = d * (float)sc[order[g]];
            for (int g = 0; g < 8; g++) p->mins[g][r] = -dmin * (float)m[g];
        }
    }
}

#endif /* CK_X86 */
