/*
 * attention.c - scaled dot-product attention of one query position over an f16 KV cache, and
 * f32 <-> f16 row conversion for storing into that cache.
 *
 * One call handles one query position and one key/value head together with every query head
 * that reads it (grouped-query attention: query head h reads kv head h / group), so each cached
 * key and value row is converted from f16 once per group instead of once per head.
 *
 *   q:      [group * dk] f32, the group's query heads one after another (already rotated)
 *   K:      row p (position p) at K + p * k_stride halves; this kv head's key is dk halves there
 *   V:      likewise with v_stride and dv
 *   scores: scratch, [group * n] floats, n = last - first + 1
 *   out:    [group * dv] f32
 *
 *   s[h][p] = scale * dot(q[h], K[p]),  w[h] = softmax_p(s[h]),  out[h] = sum_p w[h][p] V[p]
 * over positions first...last (both inclusive; a sliding window moves `first`).
 *
 * The AVX2/F16C variant needs dk and dv to be multiples of 8 and groups of at most 8 heads per
 * pass (it loops over larger groups); the generic variant has no such limits.
 */
#include <math.h>

#include "ck_internal.h"

static void ck_softmax_rows(float *scores, int group, int64_t n) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        float total = 0;
        for (int64_t i = 0; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        const float inv = 1.0f / total;
        for (int64_t i = 0; i < n; i++) s[i] *= inv;
    }
}

static void ck_attend_group_generic(const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                                    int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                    float scale, float *scores, float *out) {
    const int64_t n = last - first + 1;
    for (int64_t p = first; p <= last; p++) {
        const ck_half *k = K + p * k_stride;
        for (int h = 0; h < group; h++) {
            const float *qh = q + (int64_t)h * dk;
            float dot = 0;
            for (int i = 0; i < dk; i++) dot += qh[i] * ck_h2f(k[i]);
            scores[(int64_t)h * n + (p - first)] = dot * scale;
        }
    }
    ck_softmax_rows(scores, group, n);
    for (int64_t i = 0; i < (int64_t)group * dv; i++) out[i] = 0;
    for (int64_t p = first; p <= last; p++) {
        const ck_half *v = V + p * v_stride;
        for (int h = 0; h < group; h++) {
            const float w = scores[(int64_t)h * n + (p - first)];
            float *o = out + (int64_t)h * dv;
            for (int i = 0; i < dv; i++) o[i] += w * ck_h2f(v[i]);
        }
    }
}

#if CK_X86
/* At most 8 heads of a group per pass: their accumulators stay in registers. */
enum { CK_ATT_HEADS = 8 };

/* ck_softmax_rows with the exponentials 8 at a time (ck_exp256; same max, same normalisation). */
CK_AVX2 static void ck_softmax_rows_avx2(float *scores, int group, int64_t n) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        const __m256 mv = _mm256_set1_ps(m);
        __m256 tv = _mm256_setzero_ps();
        int64_t i = 0;
        for (; i + 8 <= n; i += 8) {
            const __m256 e = ck_exp256(_mm256_sub_ps(_mm256_loadu_ps(s + i), mv));
            _mm256_storeu_ps(s + i, e);
            tv = _mm256_add_ps(tv, e);
        }
        float total = ck_hsum256(tv);
        for (; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        const __m256 inv = _mm256_set1_ps(1.0f / total);
        for (i = 0; i + 8 <= n; i += 8) _mm256_storeu_ps(s + i, _mm256_mul_ps(_mm256_loadu_ps(s + i), inv));
        for (; i < n; i++) s[i] *= 1.0f / total;
    }
}

CK_AVX2 static void ck_attend_group_avx2(const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                                         int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                         float scale, float *scores, float *out) {
    const int64_t n = last - first + 1;
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        const float *qg = q + (int64_t)h0 * dk;
        float *sg = scores + (int64_t)h0 * n;
        for (int64_t p = first; p <= last; p++) {
            const ck_half *k = K + p * k_stride;
            __m256 acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = _mm256_setzero_ps();
            for (int i = 0; i < dk; i += 8) {
                const __m256 kv = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(k + i)));
                for (int h = 0; h < g; h++) acc[h] = _mm256_fmadd_ps(_mm256_loadu_ps(qg + (int64_t)h * dk + i), kv, acc[h]);
            }
            for (int h = 0; h < g; h++) sg[(int64_t)h * n + (p - first)] = ck_hsum256(acc[h]) * scale;
        }
    }
    ck_softmax_rows_avx2(scores, group, n);
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        for (int i = 0; i < dv; i += 8) {
            __m256 acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = _mm256_setzero_ps();
            for (int64_t p = first; p <= last; p++) {
                const __m256 vv = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(V + p * v_stride + i)));
                for (int h = 0; h < g; h++)
                    acc[h] = _mm256_fmadd_ps(_mm256_set1_ps(scores[(int64_t)(h0 + h) * n + (p - first)]), vv, acc[h]);
            }
            for (int h = 0; h < g; h++) _mm256_storeu_ps(out + (int64_t)(h0 + h) * dv + i, acc[h]);
        }
    }
}

CK_AVX2 static void ck_f32_to_f16_avx2(const float *src, ck_half *dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(dst + i), _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
    for (; i < n; i++) dst[i] = ck_f2h(src[i]);
}
#endif

void ck_attend_group(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V, int64_t v_stride,
                     int64_t first, int64_t last, int group, int dk, int dv, float scale, float *scores, float *out) {
    if (last < first || group <= 0) return;
#if CK_X86
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2) && dk % 8 == 0 && dv % 8 == 0) {
        ck_attend_group_avx2(q, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, scores, out);
        return;
    }
#endif
    (void)isa;
    ck_attend_group_generic(q, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, scores, out);
}

void ck_f32_to_f16_row(int isa, const float *src, ck_half *dst, int64_t n) {
#if CK_X86
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2)) {
        ck_f32_to_f16_avx2(src, dst, n);
        return;
    }
#endif
    (void)isa;
    for (int64_t i = 0; i < n; i++) dst[i] = ck_f2h(src[i]);
}
