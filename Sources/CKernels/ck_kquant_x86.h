/*
 * ck_kquant_x86.h - the AVX-512 lane-factor steps of the k-quant dots with a scale per 32
 * activations (Q4_K, Q5_K against ck_q8_Kx; Q6_K against ck_q8_K6x): vpdpbusd keeps each int32
 * lane inside one sub-block, and every lane's factor (weight scale x activation scale) comes
 * from one 16-lane product per super-block and row, spread over the lanes by vpermps.
 * Included by q4_K.c, q5_K.c and q6_K.c on x86.
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

#endif /* CK_X86 */

#endif /* CK_KQUANT_X86_H */
