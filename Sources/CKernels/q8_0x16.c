/*
 * q8_0x16.c - the AVX-512 activation layout of the 32-block types (ck_q8_0x16, see
 * ck_internal.h), and the activation row sizes of every layout.
 *
 * Values: exactly block_q8_0's (d = max|x| / 127 rounded to f16, q = roundf(x / d)), grouped
 * sixteen blocks at a time with the scales widened to f32 and, per block,
 * -offset * sum(q) placed where vpdpbusd accumulates that block's products, so that a weight
 * type stored as unsigned bytes with a zero point (Q4_0: 8, Q5_0: 16, Q8_0 read as w + 128,
 * MXFP4's doubled E2M1 values + 12)
 * gets an exact integer block sum without a correction step.
 */
#include "ck_internal.h"

int64_t ck_act_row_size_q8_0(int64_t n) { return n / CK_QK * (int64_t)sizeof(block_q8_0); }
int64_t ck_act_row_size_q8_K(int64_t n) { return n / CK_QK_K * (int64_t)sizeof(block_q8_K); }
int64_t ck_act_row_size_q8_K32(int64_t n) { return n / CK_QK_K * (int64_t)sizeof(block_q8_K32); }
int64_t ck_act_row_size_f32(int64_t n) { return n * (int64_t)sizeof(float); }
int64_t ck_act_row_size_q8_0x16(int64_t n) { return (n / CK_QK + 15) / 16 * (int64_t)sizeof(ck_q8_0x16); }
int64_t ck_act_row_size_q8_Kx(int64_t n) { return n / CK_QK_K * (int64_t)sizeof(ck_q8_Kx); }
int64_t ck_act_row_size_q8_K6x(int64_t n) { return n / CK_QK_K * (int64_t)sizeof(ck_q8_K6x); }

void ck_dequantize_row_f32_act(const void *src, float *dst, int64_t n) { memcpy(dst, src, (size_t)n * sizeof(float)); }

void ck_dequantize_row_q8_0x16(const void *src, float *dst, int64_t n) {
    const ck_q8_0x16 *g = (const ck_q8_0x16 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++) {
        const ck_q8_0x16 *G = g + b / 16;
        const int i = (int)(b % 16);
        for (int l = 0; l < CK_QK; l++) dst[b * CK_QK + l] = (float)G->qs[CK_QK * i + l] * G->d[i];
    }
}

#if defined(CK_X86)

CK_INLINE_AVX512 void ck_quantize_x16(const float *x, void *vy, int64_t n, int32_t offset) {
    ck_q8_0x16 *y = (ck_q8_0x16 *)vy;
    const int64_t nb = n / CK_QK;
    for (int64_t g = 0; 16 * g < nb; g++) {
        ck_q8_0x16 *G = y + g;
        memset(G, 0, sizeof(*G));
        const int cnt = (int)(nb - 16 * g < 16 ? nb - 16 * g : 16);
        for (int i = 0; i < cnt; i++) {
            int32_t sum;
            const ck_half d = ck_quantize_block32_avx512(x + (16 * g + i) * CK_QK, G->qs + CK_QK * i, &sum);
            G->d[i] = ck_h2f_f16c(d);
            G->negc[i / 2][8 * (i & 1)] = -offset * sum;
        }
    }
}

CK_AVX512 void ck_quantize_row_q8_0x16_q4_0(const float *x, void *y, int64_t n) { ck_quantize_x16(x, y, n, 8); }
CK_AVX512 void ck_quantize_row_q8_0x16_q5_0(const float *x, void *y, int64_t n) { ck_quantize_x16(x, y, n, 16); }
CK_AVX512 void ck_quantize_row_q8_0x16_q8_0(const float *x, void *y, int64_t n) { ck_quantize_x16(x, y, n, 128); }
CK_AVX512 void ck_quantize_row_q8_0x16_mxfp4(const float *x, void *y, int64_t n) { ck_quantize_x16(x, y, n, 12); }

#endif /* CK_X86 */
