/*
 * ck_kquant_x86.h - the AVX-512 lane-factor steps of the k-quant dots with a scale per 32
 * activations (Q4_K, Q5_K against ck_q8_Kx; Q6_K against ck_q8_K6x): vpdpbusd keeps each int32
 * lane inside one sub-block, and every lane's factor (weight scale x activation scale) comes
 * from one 16-lane product per super-block and row, spread over the lanes by vpermps.
 * Then the x86 kernels of Q4_K and Q5_K, written once for both. Included by q4_K.c, q5_K.c and
 * q6_K.c.
 */
#ifndef CK_KQUANT_X86_H
#define CK_KQUANT_X86_H

#include "ck_internal.h"

#if defined(CK_X86)

/* vpermps: lanes of v picked by idx. In assembly because with a constant idx clang rewrites
 * it into pairs of shufps + shuff64x2, two uops on the busy shuffle port instead of one. */
CK_INLINE_AVX512 __m512 ck_vpermps(__m512i idx, __m512 v) {
    __m512 r;
    __asm__("vpermps %2, %1, %0" : "=v"(r) : "v"(idx), "v"(v));
    return r;
}

/* The scale factors of one Q4_K/Q5_K super-block, [d sc0, dmin m0, d sc1, dmin m1 ...], from
 * its f16 pair (d, dmin) and its 12 packed scale bytes. Times ck_q8_Kx.d2 they are every group's
 * factors at once; the f16 pair converts in a single broadcast. */
CK_INLINE_AVX512 __m512 ck_scales_k4_pairs(const ck_half *dm, const uint8_t *scales) {
    uint64_t sc, m;
    ck_unpack_scales_k4_u64(scales, &sc, &m);
    const __m128i b = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)sc), _mm_cvtsi64_si128((long long)m));
    const __m512 dd = _mm512_cvtph_ps(_mm256_castps_si256(_mm256_broadcast_ss((const float *)dm)));
    return _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(b)), dd);
}

/* Int32 lane indices [a x8 | b x8]. */
CK_INLINE_AVX512 __m512i ck_lane_halves(int a, int b) {
    return _mm512_inserti64x4(_mm512_set1_epi32(a), _mm256_set1_epi32(b), 1);
}

/* acc + f * (the int32 lanes of vpdpbusd(u8 q, s8 qx), as floats), f being each lane's
 * factor (the weight's and the activation's scales of its group): the step of the k-quant
 * dots with a scale per group. */
CK_INLINE_AVX512 __m512 ck_group_step(__m512 acc, __m512i q, __m512i qx, __m512 f) {
    const __m512i t = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q, qx);
    return _mm512_fmadd_ps(_mm512_cvtepi32_ps(t), f, acc);
}

/* The lane factors of one super-block for one activation row: p = w * d2 (the weight's 16
 * scale factors times the row's scales as its layout spreads them), f[z] = p spread by
 * lanes[z]; returns acc + p * sums (the mins' or offset's term, whichever `sums` holds). */
CK_INLINE_AVX512 __m512 ck_lane_factors(__m512 w, const float *d2, const float *sums, const __m512i lanes[4],
                                        __m512 f[4], __m512 acc) {
    const __m512 p = _mm512_mul_ps(w, _mm512_load_ps(d2));
    for (int z = 0; z < 4; z++) f[z] = ck_vpermps(lanes[z], p);
    return _mm512_fmadd_ps(p, _mm512_load_ps(sums), acc);
}

/* ---- Q4_K and Q5_K (five: see ck_k4_at) --------------------------------------------------- */

/* The AVX2 dot of Q4_K/Q5_K against nx block_q8_K32 rows. Per super-block and row, each group's
 * factor f[g] = (d sc[g]) dx[g] as eight floats (one product, stored to be broadcast) and the
 * mins' term, (dmin m[g]) dx[g] times the group's bsums. Per chunk c, the low and high nibbles
 * (plus 16 where Q5_K's bit 2c or 2c + 1 of qh is set) times the activations by maddubs, the
 * pairs summed to int32 (madd by ones), converted and added times f[2c] and f[2c + 1] in two
 * chains (low, high; the mins go into the high one), so that fma latency is not the limit of a
 * single row. Against a scale spread over int16 words for madd and an fma per group by dx, this
 * leaves out the spreading and the fma by d per super-block: 124 -> 100 instructions per
 * super-block, llvm-mca (znver3) 25.7 -> 22.0 cycles. */
CK_INLINE_AVX2 void ck_dot_k4_avx2_nx(int64_t n, const void *w, const void *x, size_t xs, int nx, float *out,
                                      int five) {
    const __m256i low4 = _mm256_set1_epi8(0x0F), bit4 = _mm256_set1_epi8(0x10), ones = _mm256_set1_epi16(1);
    __m256 acc[CK_MAX_NX][2];
    _Alignas(32) float f[CK_MAX_NX][8]; /* [row][group] this super-block's factors */
    for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const block_q4_K *a = ck_k4_at(w, k, five);
        uint64_t sc64, m64;
        ck_unpack_scales_k4_u64(a->scales, &sc64, &m64);
        uint32_t dm; /* the f16 pair (d, dmin) */
        memcpy(&dm, &a->d, sizeof(dm));
        const __m128 dd = _mm_cvtph_ps(_mm_cvtsi32_si128((int)dm));
        const __m256 dsc = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)sc64))),
                                         _mm256_broadcastss_ps(dd));
        const __m256 dmm = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)m64))),
                                         _mm256_broadcastss_ps(_mm_movehdup_ps(dd))); /* dmin m[g] */
        for (int j = 0; j < nx; j++) {
            const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
            const __m256 dx = _mm256_loadu_ps(b->d);
            _mm256_store_ps(f[j], _mm256_mul_ps(dsc, dx));
            /* the mins: sum_g (dmin m[g]) dx[g] (bsums[2g] + bsums[2g + 1]) */
            const __m256 bs = _mm256_cvtepi32_ps(_mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)b->bsums), ones));
            acc[j][1] = _mm256_fnmadd_ps(_mm256_mul_ps(dmm, dx), bs, acc[j][1]);
        }
        __asm__("" : : "r"(f) : "memory"); /* f is read back by broadcast loads, not shuffled out of registers */
        const __m256i hq = five ? _mm256_loadu_si256((const __m256i *)ck_k4_qh(a)) : _mm256_setzero_si256();
        for (int c = 0; c < 4; c++) {
            const __m256i q = _mm256_loadu_si256((const __m256i *)(ck_k4_qs(a, five) + 32 * c));
            __m256i lo = _mm256_and_si256(q, low4);
            __m256i hi = _mm256_and_si256(_mm256_srli_epi16(q, 4), low4);
            if (five) {
                const __m256i b1 = _mm256_set1_epi8((char)(1 << (2 * c))), b2 = _mm256_set1_epi8((char)(2 << (2 * c)));
                lo = _mm256_or_si256(lo, _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(hq, b1), b1), bit4));
                hi = _mm256_or_si256(hi, _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(hq, b2), b2), bit4));
            }
            for (int j = 0; j < nx; j++) {
                const int8_t *y = ((const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k)->qs + 64 * c;
                const __m256i p_lo = _mm256_madd_epi16(_mm256_maddubs_epi16(lo, _mm256_loadu_si256((const __m256i *)y)), ones);
                const __m256i p_hi =
                    _mm256_madd_epi16(_mm256_maddubs_epi16(hi, _mm256_loadu_si256((const __m256i *)(y + 32))), ones);
                acc[j][0] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p_lo), _mm256_broadcast_ss(&f[j][2 * c]), acc[j][0]);
                acc[j][1] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p_hi), _mm256_broadcast_ss(&f[j][2 * c + 1]), acc[j][1]);
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(_mm256_add_ps(acc[j][0], acc[j][1]));
}

/* The qh bits of Q5_K's sub-blocks s0 (bytes 0-31) and s0 + 2 (bytes 32-63), per byte. */
CK_INLINE_AVX512 __m512i ck_k4_sel(int s0) {
    return _mm512_inserti64x4(_mm512_set1_epi8((char)(1 << s0)), _mm256_set1_epi8((char)(1 << (s0 + 2))), 1);
}

/* The AVX-512 VNNI dot of Q4_K/Q5_K against nx ck_q8_Kx rows. Per half h (128 elements), one
 * 64-byte load of qs gives chunks 2h and 2h + 1: their low nibbles are sub-blocks 4h and 4h + 2,
 * their high nibbles 4h + 1 and 4h + 3, which is how the ck_q8_Kx activations are ordered
 * (Q5_K: qh tested against each sub-block's bit gives a byte mask, and a masked add puts 16
 * where it is set). vpdpbusd leaves each int32 lane inside one sub-block; the lane's factor
 * d sc_g dx_g comes from one product per super-block and row (the weight's [d sc_g, dmin m_g]
 * pairs times ck_q8_Kx.d2) spread over the lanes by vpermps, and the same product times
 * ck_q8_Kx.qsum is the mins' term. */
CK_INLINE_AVX512 void ck_dot_k4_avx512_nx(int64_t n, const void *w, const void *x, size_t xs, int nx, float *out,
                                          int five) {
    const __m512i low4 = _mm512_set1_epi8(0x0F), bit4 = _mm512_set1_epi8(0x10);
    /* [4] lanes of the group pairs (0, 2) (1, 3) (4, 6) (5, 7) in the pairs product */
    const __m512i lanes[4] = {ck_lane_halves(0, 4), ck_lane_halves(2, 6), ck_lane_halves(8, 12), ck_lane_halves(10, 14)};
    /* [4] Q5_K: the qh bit of sub-blocks (4h, 4h + 2) and (4h + 1, 4h + 3) */
    const __m512i sel[4] = {ck_k4_sel(0), ck_k4_sel(1), ck_k4_sel(4), ck_k4_sel(5)};
    __m512 acc[2][CK_MAX_NX]; /* two chains (low, high nibbles), so the fma latency is not the limit */
    __m512 accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[0][j] = acc[1][j] = accm[j] = _mm512_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const block_q4_K *a = ck_k4_at(w, k, five);
        const __m512 pairs = ck_scales_k4_pairs(&a->d, a->scales);
        __m512 f[CK_MAX_NX][4]; /* [row][z] the lane factors of the z-th load */
        for (int j = 0; j < nx; j++) {
            const ck_q8_Kx *b = (const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k;
            accm[j] = ck_lane_factors(pairs, b->d2, b->qsum, lanes, f[j], accm[j]);
        }
        const __m512i hq = five ? _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)ck_k4_qh(a)))
                                : _mm512_setzero_si512();
        for (int h = 0; h < 2; h++) {
            const __m512i v = _mm512_loadu_si512(ck_k4_qs(a, five) + 64 * h);
            __m512i lo = _mm512_and_si512(v, low4);
            __m512i hi = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
            if (five) {
                lo = _mm512_mask_add_epi8(lo, _mm512_test_epi8_mask(hq, sel[2 * h]), lo, bit4);
                hi = _mm512_mask_add_epi8(hi, _mm512_test_epi8_mask(hq, sel[2 * h + 1]), hi, bit4);
            }
            for (int j = 0; j < nx; j++) {
                const int8_t *y = ((const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k)->qs + 128 * h;
                acc[0][j] = ck_group_step(acc[0][j], lo, _mm512_load_si512(y), f[j][2 * h]);
                acc[1][j] = ck_group_step(acc[1][j], hi, _mm512_load_si512(y + 64), f[j][2 * h + 1]);
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_sub_ps(_mm512_add_ps(acc[0][j], acc[1][j]), accm[j]));
}

/* Chunk c of GEMM panel p: v[r] = DECODE(r) (an expression of the row r) for rows r < nrows,
 * zeros after, transposed into the panel's 16 steps of chunk c. */
#define CK_PACK_CHUNK(p, c, nrows, DECODE)                                                       \
    do {                                                                                         \
        __m512i v_[16];                                                                          \
        for (int r_ = 0; r_ < 16; r_++) {                                                        \
            if (r_ >= (nrows)) {                                                                 \
                v_[r_] = _mm512_setzero_si512();                                                 \
                continue;                                                                        \
            }                                                                                    \
            v_[r_] = DECODE(r_);                                                                 \
        }                                                                                        \
        ck_transpose16(v_);                                                                      \
        for (int i_ = 0; i_ < 16; i_++) _mm512_store_si512((p)->q[16 * (c) + i_], v_[i_]);      \
    } while (0)

/* The 64 values of chunk c (half c / 2, low or high nibbles) of a Q4_K/Q5_K super-block, as the
 * panel holds them. */
CK_INLINE_AVX512 __m512i ck_pack_k4_chunk(const block_q4_K *a, int c, int five) {
    const __m512i low4 = _mm512_set1_epi8(0x0F), bit4 = _mm512_set1_epi8(0x10);
    const int h = c / 2;
    const __m512i v0 = _mm512_loadu_si512(ck_k4_qs(a, five) + 64 * h);
    __m512i v = c % 2 == 0 ? _mm512_and_si512(v0, low4) : _mm512_and_si512(_mm512_srli_epi16(v0, 4), low4);
    if (five) {
        const __m512i hq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)ck_k4_qh(a)));
        v = _mm512_mask_add_epi8(v, _mm512_test_epi8_mask(hq, ck_k4_sel(4 * h + c % 2)), v, bit4);
    }
    return v;
}

/* The GEMM panels of Q4_K/Q5_K super-blocks c0...c0+cb-1 of `nrows` rows (gemm_kq.c), in the
 * ck_q8_Kx order (32-element groups 0 2 1 3 4 6 5 7): per half, the low nibbles of its 64 bytes
 * are the next two groups of that order, the high nibbles the two after (each 64-value chunk of
 * every row transposed into 16 steps), with Q5_K's fifth bits added as in the dot (the low
 * nibbles of half h are sub-blocks 4h (bytes 0-31) and 4h + 2, the high ones 4h + 1 and
 * 4h + 3); d * sc follows the same order, -dmin * m (the coefficients of the activations'
 * group sums) stays in element order. */
CK_INLINE_AVX512 void ck_pack_k4(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel,
                                 int five) {
    static const int order[8] = {0, 2, 1, 3, 4, 6, 5, 7};
    for (int k = 0; k < cb; k++) {
        ck_kq_panel *p = panel + k;
        for (int c = 0; c < 4; c++) {
#define CK_K4_ROW(r) ck_pack_k4_chunk(ck_k4_at(W + (size_t)(r) * row_stride, c0 + k, five), c, five)
            CK_PACK_CHUNK(p, c, nrows, CK_K4_ROW);
#undef CK_K4_ROW
        }
        for (int r = 0; r < nrows; r++) {
            const block_q4_K *a = ck_k4_at(W + (size_t)r * row_stride, c0 + k, five);
            uint8_t sc[8], m[8];
            ck_unpack_scales_k4(a->scales, sc, m);
            const float d = ck_h2f_f16c(a->d), dmin = ck_h2f_f16c(a->dmin);
            for (int g = 0; g < 8; g++) p->dsc[g][r] = d * (float)sc[order[g]];
            for (int g = 0; g < 8; g++) p->mins[g][r] = -dmin * (float)m[g];
        }
    }
}

/* The x86 entry points of Q4_K (t q4_K, five 0) or Q5_K (q5_K, 1): the AVX2 and AVX-512 dots
 * and the GEMM pack. */
#define CK_K4_X86_ENTRIES(t, five)                                                                                 \
    CK_INLINE_AVX2 void ck_vec_dot_##t##_q8_K32_avx2_nx(int64_t n, const void *w, const void *x, size_t xs, int nx,   \
                                                        float *out) {                                              \
        ck_dot_k4_avx2_nx(n, w, x, xs, nx, out, five);                                                             \
    }                                                                                                              \
    CK_NX_ENTRIES(ck_vec_dot_##t##_q8_K32_avx2, CK_AVX2)                                                           \
    CK_INLINE_AVX512 void ck_vec_dot_##t##_q8_K32_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,     \
                                                            int nx, float *out) {                                  \
        ck_dot_k4_avx512_nx(n, w, x, xs, nx, out, five);                                                           \
    }                                                                                                              \
    CK_NX_ENTRIES(ck_vec_dot_##t##_q8_K32_avx512, CK_AVX512)                                                       \
    CK_AVX512 void ck_pack_##t(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel) { \
        ck_pack_k4(W, row_stride, nrows, c0, cb, panel, five);                                                     \
    }
#else
#define CK_K4_X86_ENTRIES(t, five)
#endif /* CK_X86 */

/* Every entry point of Q4_K (t q4_K, five 0) or Q5_K (q5_K, 1): the reference dequantizer and
 * dot, the generic dot and the x86 levels. */
#define CK_K4_ENTRIES(t, five)                                                                                     \
    void ck_dequantize_row_##t##_ref(const void *src, float *dst, int64_t n) {                                    \
        ck_dequantize_row_k4(src, dst, n, five);                                                                   \
    }                                                                                                              \
    CK_REF_DOT_Q8_K32(ck_vec_dot_##t##_q8_K32_ref, block_##t, ck_dequantize_row_##t##_ref)                         \
    float ck_vec_dot_##t##_q8_K32_generic(int64_t n, const void *w, const void *x) {                              \
        return ck_vec_dot_k4_generic(n, w, x, five);                                                               \
    }                                                                                                              \
    CK_MULTI_FROM_SINGLE(ck_vec_dot_##t##_q8_K32_generic)                                                          \
    CK_K4_X86_ENTRIES(t, five)

#endif /* CK_KQUANT_X86_H */
