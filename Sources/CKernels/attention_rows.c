/*
 * attention_rows.c - prefill attention: a tile of consecutive query positions of one sequence,
 * for one key/value head, over the f16 KV cache, reading each cached key and value block once
 * for the whole tile (the per-position kernel of attention.c reads them once per position).
 *
 *   q:   row r (position p0 + r) at q + r * q_stride: its group's query heads, [group * dk] f32
 *   K:   row p at K + p * k_stride halves (dk of them for this kv head); V likewise with dv
 *   out: row r at out + r * o_stride: [group * dv] f32
 *
 *   out[r][h] = sum_p softmax_p(scale * q[r][h] . K[p]) V[p],  p in first(r)...p0 + r,
 *   first(r) = max(0, p0 + r - window + 1) with a sliding window, else 0.
 *
 * The M = rows * group query vectors walk the keys 16 positions at a time (flash attention's
 * online softmax): the block's keys are converted to f32 and transposed once, to Kt [dk][16],
 * so that one query's 16 scores are dk fmas of a broadcast query element against Kt rows (no
 * horizontal sums); the values are converted once, to Vb [16][dv]. Each query keeps its running
 * maximum m, its running sum l and its output accumulator O [dv] (in `scratch`), rescaled by
 * exp(m_old - m_new) when the maximum grows. Positions outside a row's range are masked. Not
 * bit-equal to attention.c's two-pass softmax: the same sums, in another order.
 */
#include <math.h>

#include "ck_internal.h"

int64_t ck_attend_rows_scratch(int rows, int group, int dk, int dv, int64_t positions) {
    const int64_t m = (int64_t)rows * group;
    const int64_t tiled = (int64_t)dk * 16 + 16 * (int64_t)dv + m * dv + 2 * m + 16; /* + 16: alignment */
    const int64_t per_row = (int64_t)group * positions; /* the fallback's scores */
    return tiled > per_row ? tiled : per_row;
}

#if CK_X86

/* Keys p0...p0+nb-1 (nb <= 16; missing ones zero) as Kt[i][lane], and values as Vb[lane][i]. */
CK_INLINE_AVX512 void ck_rows_load_block(const ck_half *K, int64_t k_stride, const ck_half *V, int64_t v_stride,
                                         int64_t p0, int nb, int dk, int dv, float *Kt, float *Vb) {
    for (int i0 = 0; i0 < dk; i0 += 16) {
        __m512i t[16];
        for (int b = 0; b < 16; b++)
            t[b] = b < nb ? _mm512_castps_si512(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(K + (p0 + b) * k_stride + i0))))
                          : _mm512_setzero_si512();
        ck_transpose16(t);
        for (int i = 0; i < 16; i++) _mm512_store_si512(Kt + (int64_t)(i0 + i) * 16, t[i]);
    }
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < dv; i += 16)
            _mm512_store_ps(Vb + (int64_t)b * dv + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(V + (p0 + b) * v_stride + i))));
}

CK_AVX512 static void ck_attend_rows_avx512(const float *q, int64_t q_stride, const ck_half *K, int64_t k_stride,
                                            const ck_half *V, int64_t v_stride, int64_t p0, int rows, int64_t window,
                                            int group, int dk, int dv, float scale, float *scratch, float *out,
                                            int64_t o_stride) {
    const int M = rows * group;
    float *Kt = (float *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    float *Vb = Kt + (int64_t)dk * 16, *O = Vb + 16 * (int64_t)dv, *mx = O + (int64_t)M * dv, *l = mx + M;
    for (int m = 0; m < M; m++) {
        mx[m] = -INFINITY;
        l[m] = 0;
    }
    memset(O, 0, sizeof(float) * (size_t)M * (size_t)dv);
    const int64_t last_all = p0 + rows - 1;
    const int64_t first_all = window > 0 && p0 - window + 1 > 0 ? p0 - window + 1 : 0;
    const __m512 lane = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (int64_t b0 = first_all; b0 <= last_all; b0 += 16) {
        const int nb = (int)(last_all - b0 + 1 < 16 ? last_all - b0 + 1 : 16);
        ck_rows_load_block(K, k_stride, V, v_stride, b0, nb, dk, dv, Kt, Vb);
        const __m512 pos = _mm512_add_ps(lane, _mm512_set1_ps((float)b0));
        for (int r = 0; r < rows; r++) {
            const int64_t last = p0 + r, first = window > 0 && last - window + 1 > 0 ? last - window + 1 : 0;
            if (last < b0 || first > b0 + nb - 1) continue;
            /* lanes whose position is in first...last (positions are exact in f32 below 2^24) */
            const __mmask16 valid = _mm512_cmp_ps_mask(pos, _mm512_set1_ps((float)first), _CMP_GE_OQ) &
                                    _mm512_cmp_ps_mask(pos, _mm512_set1_ps((float)last), _CMP_LE_OQ);
            for (int h = 0; h < group; h++) {
                const int m = r * group + h;
                const float *qm = q + r * q_stride + (int64_t)h * dk;
                __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
                int i = 0;
                for (; i + 1 < dk; i += 2) {
                    s0 = _mm512_fmadd_ps(_mm512_set1_ps(qm[i]), _mm512_load_ps(Kt + (int64_t)i * 16), s0);
                    s1 = _mm512_fmadd_ps(_mm512_set1_ps(qm[i + 1]), _mm512_load_ps(Kt + (int64_t)(i + 1) * 16), s1);
                }
                for (; i < dk; i++) s0 = _mm512_fmadd_ps(_mm512_set1_ps(qm[i]), _mm512_load_ps(Kt + (int64_t)i * 16), s0);
                const __m512 s = _mm512_mul_ps(_mm512_add_ps(s0, s1), _mm512_set1_ps(scale));
                const float bmax = _mm512_mask_reduce_max_ps(valid, s);
                const float mnew = bmax > mx[m] ? bmax : mx[m];
                const __m512 p = _mm512_maskz_mov_ps(valid, ck_exp512(_mm512_sub_ps(s, _mm512_set1_ps(mnew))));
                const float corr = mx[m] == mnew ? 1.0f : expf(mx[m] - mnew);
                l[m] = l[m] * corr + _mm512_reduce_add_ps(p);
                mx[m] = mnew;
                float pb[16];
                _mm512_storeu_ps(pb, p);
                float *o = O + (int64_t)m * dv;
                const __m512 c = _mm512_set1_ps(corr);
                for (int d = 0; d < dv; d += 64) {
                    const int w = dv - d < 64 ? (dv - d) / 16 : 4;
                    __m512 acc[4];
                    for (int k = 0; k < w; k++) acc[k] = _mm512_mul_ps(_mm512_load_ps(o + d + 16 * k), c);
                    for (int b = 0; b < nb; b++) {
                        const __m512 wb = _mm512_set1_ps(pb[b]);
                        for (int k = 0; k < w; k++)
                            acc[k] = _mm512_fmadd_ps(wb, _mm512_load_ps(Vb + (int64_t)b * dv + d + 16 * k), acc[k]);
                    }
                    for (int k = 0; k < w; k++) _mm512_store_ps(o + d + 16 * k, acc[k]);
                }
            }
        }
    }
    for (int r = 0; r < rows; r++)
        for (int h = 0; h < group; h++) {
            const int m = r * group + h;
            const __m512 inv = _mm512_set1_ps(1.0f / l[m]);
            for (int d = 0; d < dv; d += 16)
                _mm512_storeu_ps(out + r * o_stride + (int64_t)h * dv + d, _mm512_mul_ps(_mm512_load_ps(O + (int64_t)m * dv + d), inv));
        }
}
#endif

void ck_attend_rows(int isa, const float *q, int64_t q_stride, const ck_half *K, int64_t k_stride, const ck_half *V,
                    int64_t v_stride, int64_t p0, int rows, int64_t window, int group, int dk, int dv, float scale,
                    float *scratch, float *out, int64_t o_stride) {
    if (rows <= 0 || group <= 0) return;
#if CK_X86
    if (isa >= CK_ISA_AVX512 && ck_isa_supported(CK_ISA_AVX512) && dk % 16 == 0 && dv % 16 == 0) {
        ck_attend_rows_avx512(q, q_stride, K, k_stride, V, v_stride, p0, rows, window, group, dk, dv, scale, scratch, out, o_stride);
        return;
    }
#endif
    for (int r = 0; r < rows; r++) {
        const int64_t last = p0 + r, first = window > 0 && last - window + 1 > 0 ? last - window + 1 : 0;
        ck_attend_group(isa, q + r * q_stride, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, scratch,
                        out + r * o_stride);
    }
}
