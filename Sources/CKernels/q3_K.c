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
 * Variants: ref and generic only.
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

float ck_vec_dot_q3_K_q8_K_generic(int64_t n, const void *w, const void *x) {
    const block_q3_K *a = (const block_q3_K *)w;
    const block_q8_K *b = (const block_q8_K *)x;
    float sum = 0.0f;
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        int8_t sc[16], q[CK_QK_K];
        ck_unpack_scales_q3_K(a[k].scales, sc);
        ck_q3_K_values(&a[k], q);
        int32_t sumi = 0;
        for (int s = 0; s < 16; s++) {
            int32_t isum = 0;
            for (int i = 0; i < 16; i++) isum += q[16 * s + i] * b[k].qs[16 * s + i];
            sumi += sc[s] * isum;
        }
        sum += (ck_h2f(a[k].d) * b[k].d) * (float)sumi;
    }
    return sum;
}

CK_MULTI_FROM_SINGLE(ck_vec_dot_q3_K_q8_K_ref)
CK_MULTI_FROM_SINGLE(ck_vec_dot_q3_K_q8_K_generic)
