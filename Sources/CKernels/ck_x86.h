/*
 * ck_x86.h - the x86 side of the kernels: per-function target attributes and the SIMD helpers
 * shared by the kernel files; the block-loop drivers of the 32-element types follow in
 * ck_x86_q32.h. Included by ck_internal.h; empty on other CPUs.
 */
#ifndef CK_X86_H
#define CK_X86_H

/* ---- x86 SIMD ------------------------------------------------------------------------- */

#if defined(__x86_64__)
#define CK_X86 1
#include <immintrin.h>

#define CK_AVX2 __attribute__((target("avx2,fma,f16c")))
#define CK_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,avx2,fma,f16c")))
#define CK_INLINE_AVX2 static inline __attribute__((always_inline, target("avx2,fma,f16c")))
#define CK_INLINE_AVX512 \
    static inline __attribute__((always_inline, target("avx512f,avx512bw,avx512vl,avx512vnni,avx2,fma,f16c")))

CK_INLINE_AVX2 float ck_hsum256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

CK_INLINE_AVX2 int ck_hsum256_epi32(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 1));
    return _mm_cvtsi128_si32(s);
}

/* 2^n exp(r), r = v - n ln2 (in two steps), exp(r) by a degree-6 polynomial, 2^n put into the
 * exponent field: the part of ck_exp256 and ck_exp512 their widths (W: 256, 512) share. */
#define CK_EXP_SCALED(W, ATTR)                                                                   \
    ATTR __m##W ck_exp_scaled##W(__m##W v, __m##W n) {                                           \
        __m##W r = _mm##W##_fnmadd_ps(n, _mm##W##_set1_ps(0.693359375f), v);                     \
        r = _mm##W##_fnmadd_ps(n, _mm##W##_set1_ps(-2.12194440e-4f), r);                         \
        __m##W p = _mm##W##_set1_ps(1.9875691500e-4f);                                           \
        p = _mm##W##_fmadd_ps(p, r, _mm##W##_set1_ps(1.3981999507e-3f));                         \
        p = _mm##W##_fmadd_ps(p, r, _mm##W##_set1_ps(8.3334519073e-3f));                         \
        p = _mm##W##_fmadd_ps(p, r, _mm##W##_set1_ps(4.1665795894e-2f));                         \
        p = _mm##W##_fmadd_ps(p, r, _mm##W##_set1_ps(1.6666665459e-1f));                         \
        p = _mm##W##_fmadd_ps(p, r, _mm##W##_set1_ps(5.0000001201e-1f));                         \
        p = _mm##W##_fmadd_ps(p, _mm##W##_mul_ps(r, r), _mm##W##_add_ps(r, _mm##W##_set1_ps(1.0f))); \
        const __m##W##i e = _mm##W##_slli_epi32(_mm##W##_add_epi32(_mm##W##_cvtps_epi32(n), _mm##W##_set1_epi32(127)), 23); \
        return _mm##W##_mul_ps(p, _mm##W##_castsi##W##_ps(e));                                   \
    }
CK_EXP_SCALED(256, CK_INLINE_AVX2)
CK_EXP_SCALED(512, CK_INLINE_AVX512)

/* exp(v) (ck_exp_scaled256 of v clamped to +-88, n = round(v / ln2)): below -88 the result is
 * exp(-88) (about 6e-39; only ever added to 1 here), above 88 it is +infinity, as expf's
 * overflow. Used by the gated activations and the attention softmax. */
CK_INLINE_AVX2 __m256 ck_exp256(__m256 x) {
    const __m256 overflow = _mm256_cmp_ps(x, _mm256_set1_ps(88.0f), _CMP_GT_OQ);
    const __m256 v = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-88.0f)), _mm256_set1_ps(88.0f));
    const __m256 n = _mm256_round_ps(_mm256_mul_ps(v, _mm256_set1_ps(1.44269504089f)),
                                     _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm256_blendv_ps(ck_exp_scaled256(v, n), _mm256_set1_ps(__builtin_inff()), overflow);
}

/* ck_exp256 sixteen lanes at a time (same reduction, polynomial and limits). */
CK_INLINE_AVX512 __m512 ck_exp512(__m512 x) {
    const __mmask16 overflow = _mm512_cmp_ps_mask(x, _mm512_set1_ps(88.0f), _CMP_GT_OQ);
    const __m512 v = _mm512_min_ps(_mm512_max_ps(x, _mm512_set1_ps(-88.0f)), _mm512_set1_ps(88.0f));
    const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(v, _mm512_set1_ps(1.44269504089f)),
                                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    return _mm512_mask_blend_ps(overflow, ck_exp_scaled512(v, n), _mm512_set1_ps(__builtin_inff()));
}

CK_INLINE_AVX512 float ck_hsum512(__m512 v) {
    __m256 lo = _mm512_castps512_ps256(v);
    __m256 hi = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
    return ck_hsum256(_mm256_add_ps(lo, hi));
}

/* f16 -> f32 with F16C. Written in assembly on purpose: from _cvtsh_ss (or cvtph_ps of
 * cvtsi32_si128) clang emits `vpinsrw $0, mem, %xmm_any, %xmm_t`, merging into whatever
 * register it likes, often a loop's accumulator, which chains each iteration behind the
 * previous one (a 5x slowdown of the block loops). vmovd zeroes the other lanes. */
CK_INLINE_AVX2 float ck_h2f_f16c(ck_half h) {
    __m128 r;
    __asm__("vmovd %k1, %0\n\tvcvtph2ps %0, %0" : "=x"(r) : "r"((uint32_t)h));
    return _mm_cvtss_f32(r);
}

/* Elements i...i+7 of a KV cache row in format fmt (CK_KV_F16, CK_KV_Q8_0; i a multiple of 8):
 * the attention kernels' loads (attention.c, attention_rows.c). */
CK_INLINE_AVX2 __m256 ck_kv_load8(const uint8_t *row, int fmt, int i) {
    if (fmt == CK_KV_F16) return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 2 * (int64_t)i)));
    const uint8_t *b = row + (int64_t)(i / 32) * CK_KV_Q8_0_BLOCK_BYTES;
    ck_half d;
    memcpy(&d, b, 2);
    const __m256 x = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(b + 2 + i % 32))));
    return _mm256_mul_ps(_mm256_set1_ps(ck_h2f_f16c(d)), x);
}

/* acc + pairwise products of signed words (vpdpwssd). In assembly because clang otherwise
 * splits accumulating vpdpwssd chains into vpmaddwd + vpaddd, one more uop on the busy ports. */
CK_INLINE_AVX512 __m512i ck_dpwssd(__m512i acc, __m512i a, __m512i b) {
    __asm__("vpdpwssd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
    return acc;
}

/* The f16 scales of `count` (1...16) consecutive blocks `stride` bytes apart, as 16 floats
 * (lane b = block b; lanes past count are 0). One gather instead of 16 scalar conversions. */
CK_INLINE_AVX512 __m512 ck_gather_half16(const void *base, int stride, int count) {
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i idx = _mm512_mullo_epi32(iota, _mm512_set1_epi32(stride));
    const __mmask16 m = (__mmask16)(count >= 16 ? 0xFFFFu : (1u << count) - 1u);
    const __m512i g = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, idx, base, 1);
    return _mm512_cvtph_ps(_mm512_cvtepi32_epi16(g));
}

/* Lanes 0-7 get s[2k], lanes 8-15 get s[2k + 1]: the scales of block pair k. */
CK_INLINE_AVX512 __m512 ck_pair_scales(__m512 s, int k) {
    const __m512i base = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    return _mm512_permutexvar_ps(_mm512_add_epi32(base, _mm512_set1_epi32(2 * k)), s);
}

/* The 64 quant bytes of blocks b and b + 1 (32 each, at p and p + stride); when `two` is 0
 * the upper half is zero. */
CK_INLINE_AVX512 __m512i ck_load_pair256(const void *p, size_t stride, int two) {
    const __m256i lo = _mm256_loadu_si256((const __m256i *)p);
    if (!two) return _mm512_zextsi256_si512(lo);
    const __m256i hi = _mm256_loadu_si256((const __m256i *)((const char *)p + stride));
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* The 16 quant bytes of blocks b and b + 1 (at p and p + stride) as [qb, qb, qb+1, qb+1]
 * (128-bit lanes), then low nibbles in lanes 0 and 2, high nibbles in lanes 1 and 3: byte i
 * holds element i of block b for i < 32 and element i - 32 of block b + 1 above. */
CK_INLINE_AVX512 __m512i ck_load_nibble_pair(const uint8_t *p, size_t stride, int two) {
    const __m512i shifts = _mm512_setr_epi64(0, 0, 0x0004000400040004LL, 0x0004000400040004LL, 0, 0,
                                             0x0004000400040004LL, 0x0004000400040004LL);
    const __m128i q0 = _mm_loadu_si128((const __m128i *)p);
    __m512i v;
    if (two) {
        v = _mm512_broadcast_i32x4(q0);
        v = _mm512_mask_broadcast_i32x4(v, 0xFF00, _mm_loadu_si128((const __m128i *)(p + stride)));
    } else {
        v = _mm512_maskz_broadcast_i32x4(0x00FF, q0);
    }
    return _mm512_and_si512(_mm512_srlv_epi16(v, shifts), _mm512_set1_epi8(0x0F));
}

/* Round half away from zero (roundf), exactly, for |v| < 2^23: truncate, then step away from
 * zero when the dropped fraction (exact by Sterbenz) is at least one half. */
CK_INLINE_AVX512 __m512 ck_round_away512(__m512 v) {
    const __m512 one = _mm512_set1_ps(1.0f);
    __m512 t = _mm512_roundscale_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m512 frac = _mm512_sub_ps(v, t);
    const __mmask16 up = _mm512_cmp_ps_mask(frac, _mm512_set1_ps(0.5f), _CMP_GE_OQ);
    const __mmask16 dn = _mm512_cmp_ps_mask(frac, _mm512_set1_ps(-0.5f), _CMP_LE_OQ);
    t = _mm512_mask_add_ps(t, up, t, one);
    return _mm512_mask_sub_ps(t, dn, t, one);
}

/* One group of 32 floats -> 32 int8 (the reference rounding); returns the f32 scale
 * max|x| / 127 (block_q8_K32 keeps it as is, block_q8_0 rounds it to f16). */
CK_INLINE_AVX512 float ck_quantize_group32_avx512(const float *xb, int8_t *qs) {
    const __m512 v0 = _mm512_loadu_ps(xb), v1 = _mm512_loadu_ps(xb + 16);
    const float amax = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_abs_ps(v0), _mm512_abs_ps(v1)));
    const float d = amax / 127.0f;
    const float id = d != 0.0f ? 1.0f / d : 0.0f;
    const __m512 s = _mm512_set1_ps(id);
    const __m512i q0 = _mm512_cvttps_epi32(ck_round_away512(_mm512_mul_ps(v0, s)));
    const __m512i q1 = _mm512_cvttps_epi32(ck_round_away512(_mm512_mul_ps(v1, s)));
    _mm_storeu_si128((__m128i *)qs, _mm512_cvtepi32_epi8(q0));
    _mm_storeu_si128((__m128i *)(qs + 16), _mm512_cvtepi32_epi8(q1));
    return d;
}

/* The sum of 16 int8. */
CK_INLINE_AVX512 int32_t ck_sum16_i8_avx512(const int8_t *qs) {
    return _mm512_reduce_add_epi32(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)qs)));
}

/* One block of 32 floats -> 32 int8 (the reference rounding) and its f16 scale; *sum (when not
 * NULL) receives the sum of the quantized values. */
CK_INLINE_AVX512 ck_half ck_quantize_block32_avx512(const float *xb, int8_t *qs, int32_t *sum) {
    const float d = ck_quantize_group32_avx512(xb, qs);
    if (sum) *sum = ck_sum16_i8_avx512(qs) + ck_sum16_i8_avx512(qs + 16);
    return (ck_half)_mm_extract_epi16(_mm_cvtps_ph(_mm_set_ss(d), _MM_FROUND_TO_NEAREST_INT), 0);
}

CK_INLINE_AVX2 __m256 ck_round_away256(__m256 v) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m256 frac = _mm256_sub_ps(v, t);
    const __m256 up = _mm256_and_ps(_mm256_cmp_ps(frac, _mm256_set1_ps(0.5f), _CMP_GE_OQ), one);
    const __m256 dn = _mm256_and_ps(_mm256_cmp_ps(frac, _mm256_set1_ps(-0.5f), _CMP_LE_OQ), one);
    return _mm256_sub_ps(_mm256_add_ps(t, up), dn);
}

/* 32 floats (four vectors, in order) -> 32 int8 in order (values already in -127...127). */
CK_INLINE_AVX2 __m256i ck_pack32_i8_avx2(__m256 a, __m256 b, __m256 c, __m256 d) {
    const __m256i ab = _mm256_packs_epi32(_mm256_cvttps_epi32(a), _mm256_cvttps_epi32(b));
    const __m256i cd = _mm256_packs_epi32(_mm256_cvttps_epi32(c), _mm256_cvttps_epi32(d));
    const __m256i v = _mm256_packs_epi16(ab, cd); /* dwords: a0 b0 c0 d0 a1 b1 c1 d1 */
    return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* One group of 32 floats -> 32 int8 (the reference rounding), returned, and stored at qs;
 * *d receives the f32 scale max|x| / 127 (AVX2). */
CK_INLINE_AVX2 __m256i ck_quantize_group32_avx2(const float *xb, int8_t *qs, float *d) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 v0 = _mm256_loadu_ps(xb), v1 = _mm256_loadu_ps(xb + 8);
    const __m256 v2 = _mm256_loadu_ps(xb + 16), v3 = _mm256_loadu_ps(xb + 24);
    const __m256 m = _mm256_max_ps(_mm256_max_ps(_mm256_andnot_ps(sign, v0), _mm256_andnot_ps(sign, v1)),
                                   _mm256_max_ps(_mm256_andnot_ps(sign, v2), _mm256_andnot_ps(sign, v3)));
    __m128 m4 = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    m4 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
    m4 = _mm_max_ss(m4, _mm_movehdup_ps(m4));
    *d = _mm_cvtss_f32(m4) / 127.0f;
    const float id = *d != 0.0f ? 1.0f / *d : 0.0f;
    const __m256 s = _mm256_set1_ps(id);
    const __m256i q = ck_pack32_i8_avx2(ck_round_away256(_mm256_mul_ps(v0, s)), ck_round_away256(_mm256_mul_ps(v1, s)),
                                        ck_round_away256(_mm256_mul_ps(v2, s)), ck_round_away256(_mm256_mul_ps(v3, s)));
    _mm256_storeu_si256((__m256i *)qs, q);
    return q;
}

/* The 32 int8 of q widened and paired into eight int32 (times one): lanes 0-3 sum bytes 0-15,
 * lanes 4-7 bytes 16-31. */
CK_INLINE_AVX2 __m256i ck_pair_sums_i8_avx2(__m256i q) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_set1_epi8(1), q), _mm256_set1_epi16(1));
}

/* One block of 32 floats -> 32 int8 (the reference rounding) and its f16 scale; *sum (when not
 * NULL) receives the sum of the quantized values (AVX2). */
CK_INLINE_AVX2 ck_half ck_quantize_block32_avx2(const float *xb, int8_t *qs, int32_t *sum) {
    float d;
    const __m256i q = ck_quantize_group32_avx2(xb, qs, &d);
    if (sum) *sum = ck_hsum256_epi32(ck_pair_sums_i8_avx2(q));
    return (ck_half)_cvtss_sh(d, 0);
}

/* Sum of products of signed bytes, four at a time, into eight int32 (AVX2: the sign trick
 * makes `a` unsigned for maddubs). */
CK_INLINE_AVX2 __m256i ck_dot_i8_avx2(__m256i a, __m256i b) {
    const __m256i ua = _mm256_sign_epi8(a, a);
    const __m256i sb = _mm256_sign_epi8(b, a);
    const __m256i p16 = _mm256_maddubs_epi16(ua, sb);
    return _mm256_madd_epi16(p16, _mm256_set1_epi16(1));
}

/* Unsigned bytes a times signed bytes b, summed in fours, into eight int32 (AVX2). */
CK_INLINE_AVX2 __m256i ck_dot_u8i8_avx2(__m256i a, __m256i b) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), _mm256_set1_epi16(1));
}

/* 32 bits -> 32 bytes: byte i is 0xFF when bit i is set (AVX2). */
CK_INLINE_AVX2 __m256i ck_bits_to_bytes_avx2(uint32_t bits) {
    const __m256i shuf = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                          2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bitsel = _mm256_set1_epi64x(0x8040201008040201LL);
    __m256i v = _mm256_shuffle_epi8(_mm256_set1_epi32((int)bits), shuf);
    v = _mm256_and_si256(v, bitsel);
    return _mm256_cmpeq_epi8(v, bitsel);
}

/* 16 bytes q -> 32 bytes: low nibbles (elements 0-15) then high nibbles (elements 16-31). */
CK_INLINE_AVX2 __m256i ck_nibbles_avx2(const uint8_t *q) {
    const __m128i v = _mm_loadu_si128((const __m128i *)q);
    const __m256i both = _mm256_set_m128i(_mm_srli_epi16(v, 4), v);
    return _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
}

/* The five-bit values of a Q5_0/Q5_1 block as 32 unsigned bytes (0...31): the nibbles, plus 16
 * where bit i of the little-endian qh is set (AVX2). */
CK_INLINE_AVX2 __m256i ck_q5_values_avx2(const uint8_t *qs, const uint8_t qh[4]) {
    uint32_t bits;
    memcpy(&bits, qh, 4);
    const __m256i hb = _mm256_and_si256(ck_bits_to_bytes_avx2(bits), _mm256_set1_epi8(0x10));
    return _mm256_or_si256(ck_nibbles_avx2(qs), hb);
}

/* Words [sc[s] x8 | sc[s + 1] x8] (s even) from sixteen 16-bit scales sc16: the scales of
 * sub-blocks s and s + 1 of a k-quant, lined up with the 16 words maddubs makes of 32
 * elements (Q2_K, Q3_K). The half of sc16 holding both goes to both 128-bit lanes (one
 * vpermq, shared by the four pairs of a half once inlined), then each lane picks its word. */
CK_INLINE_AVX2 __m256i ck_scale_pair_avx2(__m256i sc16, int s) {
    const __m256i half = s < 8 ? _mm256_permute4x64_epi64(sc16, 0x44) : _mm256_permute4x64_epi64(sc16, 0xEE);
    const int i = s & 7;
    const __m256i pick = _mm256_set_m128i(_mm_set1_epi16((short)(((2 * i + 3) << 8) | (2 * i + 2))),
                                          _mm_set1_epi16((short)(((2 * i + 1) << 8) | (2 * i))));
    return _mm256_shuffle_epi8(half, pick);
}

/* One group of 32 elements of a 16-sub-block k-quant (Q2_K, Q3_K) against nx block_q8_K rows:
 * sumi[j] += madd(maddubs(v, qx_j[offset...offset+31]), sv), v the weights as unsigned bytes and
 * sv the two sub-block scales from ck_scale_pair_avx2; block k of row j is at x + j * xs. */
/* Block k of block_q8_K activation row j, and sum_s w[s] bsums[s] of it in pairs (eight int32
 * lanes) for sixteen word weights w (Q2_K's mins, Q3_K's scales). */
CK_INLINE const block_q8_K *ck_q8_K_at(const void *x, size_t xs, int j, int64_t k) {
    return (const block_q8_K *)((const char *)x + (size_t)j * xs) + k;
}
CK_INLINE_AVX2 __m256i ck_bsums_madd_avx2(const block_q8_K *b, __m256i w16) {
    return _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)b->bsums), w16);
}

CK_INLINE_AVX2 void ck_group32_q8_K_avx2(__m256i *sumi, int nx, __m256i v, __m256i sv, const void *x, size_t xs,
                                         int64_t k, int offset) {
    for (int j = 0; j < nx; j++) {
        const int8_t *y = ck_q8_K_at(x, xs, j, k)->qs + offset;
        const __m256i p = _mm256_maddubs_epi16(v, _mm256_loadu_si256((const __m256i *)y));
        sumi[j] = _mm256_add_epi32(sumi[j], _mm256_madd_epi16(p, sv));
    }
}

/* The same for 64 elements (AVX-512, vpdpwssd): the words of maddubs(v, qx) times sv. */
CK_INLINE_AVX512 void ck_group64_q8_K_avx512(__m512i *sumi, int nx, __m512i v, __m512i sv, const void *x, size_t xs,
                                             int64_t k, int offset) {
    for (int j = 0; j < nx; j++) {
        const int8_t *y = ck_q8_K_at(x, xs, j, k)->qs + offset;
        sumi[j] = ck_dpwssd(sumi[j], _mm512_maddubs_epi16(v, _mm512_loadu_si512(y)), sv);
    }
}

/* Words [s[4g] x8, s[4g+1] x8, s[4g+2] x8, s[4g+3] x8] from sixteen 16-bit scales in the low
 * 256 bits of s16: the scales of the four sub-blocks of 16 that one zmm of 64 elements covers,
 * per maddubs output word (the k-quants with sixteen sub-blocks: Q2_K, Q3_K, Q6_K). */
CK_INLINE_AVX512 __m512i ck_scales_group16(__m512i s16, int g) {
    const __m512i base = _mm512_setr_epi32(0, 0, 0, 0, 0x00010001, 0x00010001, 0x00010001, 0x00010001,
                                           0x00020002, 0x00020002, 0x00020002, 0x00020002,
                                           0x00030003, 0x00030003, 0x00030003, 0x00030003);
    return _mm512_permutexvar_epi16(_mm512_add_epi16(base, _mm512_set1_epi16((short)(4 * g))), s16);
}

/* Words [a x16 | b x16]: per-256-bit-half shift counts for vpsrlvw. */
CK_INLINE_AVX512 __m512i ck_word_halves(int a, int b) {
    return _mm512_inserti64x4(_mm512_set1_epi16((short)a), _mm256_set1_epi16((short)b), 1);
}
#endif

#include "ck_x86_q32.h" /* the 32-element types' block loops */

#endif /* CK_X86_H */
