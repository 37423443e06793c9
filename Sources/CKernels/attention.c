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
 * ck_attend_group_partial stops before the division: out[h] = sum_p exp(s[h][p] - m[h]) V[p]
 * with m[h] = max_p s[h][p] and l[h] = sum_p exp(s[h][p] - m[h]), so that a long range can be
 * split into parts taken on several threads; ck_attend_merge joins the parts (flash decoding):
 *   out[h] = sum_c exp(m_c[h] - M) out_c[h] / sum_c exp(m_c[h] - M) l_c[h],  M = max_c m_c[h].
 * ck_attend_group is one part, divided by its sum.
 *
 * The AVX2/F16C variant needs dk and dv to be multiples of 8 and groups of at most 8 heads per
 * pass (it loops over larger groups); the generic variant has no such limits.
 */
#include <math.h>

#include "ck_internal.h"

/* ck_attend_group takes the heads of a group this many at a time (its max and sum on the stack). */
enum { CK_ATT_MAX_GROUP = 64 };

/* scores[h][i] -> exp(scores[h][i] - mx[h]), mx[h] the row's maximum, l[h] the row's sum. */
static void ck_exp_rows(float *scores, int group, int64_t n, float *mx, float *l) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        float total = 0;
        for (int64_t i = 0; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        mx[h] = m;
        l[h] = total;
    }
}

static void ck_attend_group_generic(const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                                    int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                    float scale, float *scores, float *out, float *mx, float *l) {
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
    ck_exp_rows(scores, group, n, mx, l);
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

/* ck_exp_rows with the exponentials 8 at a time (ck_exp256). */
CK_AVX2 static void ck_exp_rows_avx2(float *scores, int group, int64_t n, float *mx, float *l) {
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
        mx[h] = m;
        l[h] = total;
    }
}

CK_AVX2 static void ck_attend_group_avx2(const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                                         int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                         float scale, float *scores, float *out, float *mx, float *l) {
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
    ck_exp_rows_avx2(scores, group, n, mx, l);
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

void ck_attend_group_partial(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                             int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv, float scale,
                             float *scores, float *out, float *mx, float *l) {
    if (last < first || group <= 0) return;
#if CK_X86
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2) && dk % 8 == 0 && dv % 8 == 0) {
        ck_attend_group_avx2(q, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        return;
    }
#endif
    (void)isa;
    ck_attend_group_generic(q, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
}

void ck_attend_group(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V, int64_t v_stride,
                     int64_t first, int64_t last, int group, int dk, int dv, float scale, float *scores, float *out) {
    if (last < first || group <= 0) return;
    float mx[CK_ATT_MAX_GROUP], l[CK_ATT_MAX_GROUP];
    for (int h0 = 0; h0 < group; h0 += CK_ATT_MAX_GROUP) {
        const int g = group - h0 < CK_ATT_MAX_GROUP ? group - h0 : CK_ATT_MAX_GROUP;
        float *o = out + (int64_t)h0 * dv;
        ck_attend_group_partial(isa, q + (int64_t)h0 * dk, K, k_stride, V, v_stride, first, last, g, dk, dv, scale,
                                scores, o, mx, l);
        for (int h = 0; h < g; h++) {
            const float inv = 1.0f / l[h];
            for (int i = 0; i < dv; i++) o[(int64_t)h * dv + i] *= inv;
        }
    }
}

void ck_attend_merge(int parts, int group, int dv, const float *slots, int64_t slot_width, float *out) {
    for (int h = 0; h < group; h++) {
        float m = -INFINITY;
        for (int c = 0; c < parts; c++) {
            const float mc = slots[c * slot_width + (int64_t)group * dv + h];
            m = mc > m ? mc : m;
        }
        float total = 0;
        float *o = out + (int64_t)h * dv;
        for (int i = 0; i < dv; i++) o[i] = 0;
        for (int c = 0; c < parts; c++) {
            const float *slot = slots + c * slot_width;
            const float w = expf(slot[(int64_t)group * dv + h] - m);
            total += w * slot[(int64_t)group * dv + group + h];
            const float *p = slot + (int64_t)h * dv;
            for (int i = 0; i < dv; i++) o[i] += w * p[i];
        }
        const float inv = 1.0f / total;
        for (int i = 0; i < dv; i++) o[i] *= inv;
    }
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
