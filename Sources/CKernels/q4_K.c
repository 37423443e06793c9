/*
 * q4_K.c - Q4_K weights against block_q8_K32 activations.
 *
 * block_q4_K (144 bytes / 256): ck_half d, dmin; uint8 scales[12]; uint8 qs[128];
 *   eight sub-blocks of 32 with 6-bit scale sc[j] and min m[j] (packing: ck_unpack_scales_k4).
 *   Chunk c (0...3) covers elements 64c...64c+63: element 64c + l is the low nibble of
 *   qs[32c + l] (sub-block 2c), element 64c + 32 + l the high nibble (sub-block 2c + 1).
 *   x = (d * sc[j]) * q - (dmin * m[j]),  q in 0...15.
 *
 * Dot with block_q8_K32 (a scale dx[j] per 32, which is one sub-block; qx, bsums):
 *   y = sum_superblocks  d * sum_j dx[j] * sc[j] * sum_{i in j} q[i] qx[i]
 *                      - dmin * sum_j dx[j] * m[j] * (bsums[2j] + bsums[2j+1])
 *   The per-sub-block sums are exact in int32; the products and the accumulation are f32.
 * Variants: ref (dequantize, double sum), generic, AVX2 (maddubs + madd by scale),
 *   AVX-512 VNNI (two sub-blocks per zmm: vpdpbusd, then each lane times d sc_j dx_j of its
 *   sub-block; activations in the ck_q8_Kx layout).
 */
#include "ck_kquant_x86.h"

/* Every level's kernel is Q4_K's and Q5_K's at once, over `five` (ck_internal.h,
 * ck_kquant_x86.h). */
CK_K4_ENTRIES(q4_K, 0)
