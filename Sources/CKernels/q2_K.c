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
 * Variants: ref and generic only (no model here uses Q2_K; the generic loop vectorizes).
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

float ck_vec_dot_q2_K_q8_K_generic(int64_t n, const void *w, const void *x) {
    const block_q2_K *a = (const block_q2_K *)w;
    const block_q8_K *b = (const block_q8_K *)x;
    float sum = 0.0f;
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        int32_t sumi = 0, summ = 0;
        for (int h = 0; h < 2; h++) {
            for (int j = 0; j < 4; j++) {
                const int8_t *y = b[k].qs + 128 * h + 32 * j;
                const uint8_t *q = a[k].qs + 32 * h;
                int32_t s0 = 0, s1 = 0;
                for (int l = 0; l < 16; l++) {
                    s0 += ((q[l] >> (2 * j)) & 3) * y[l];
                    s1 += ((q[l + 16] >> (2 * j)) & 3) * y[l + 16];
                }
                const int s = 8 * h + 2 * j;
                sumi += (a[k].scales[s] & 0xF) * s0 + (a[k].scales[s + 1] & 0xF) * s1;
            }
        }
        for (int s = 0; s < 16; s++) summ += (a[k].scales[s] >> 4) * b[k].bsums[s];
        sum += (ck_h2f(a[k].d) * b[k].d) * (float)sumi - (ck_h2f(a[k].dmin) * b[k].d) * (float)summ;
    }
    return sum;
}

CK_MULTI_FROM_SINGLE(ck_vec_dot_q2_K_q8_K_ref)
CK_MULTI_FROM_SINGLE(ck_vec_dot_q2_K_q8_K_generic)
