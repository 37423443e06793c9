/*
 * q5_K.c - Q5_K weights against block_q8_K32 activations.
 *
 * block_q5_K (176 bytes / 256): ck_half d, dmin; uint8 scales[12]; uint8 qh[32]; uint8 qs[128];
 *   As Q4_K (eight sub-blocks of 32, 6-bit scales and mins packed the same way, chunk c holds
 *   elements 64c...64c+63 as the low then the high nibbles of qs[32c...32c+31]), plus a fifth
 *   bit: element 32j + l (sub-block j, l < 32) takes bit j of qh[l] as bit 4.
 *   x = (d * sc[j]) * q - (dmin * m[j]),  q in 0...31.
 *
 * Dot with block_q8_K32 (a scale dx[j] per sub-block of 32): as Q4_K:
 *   y = sum d * sum_j dx[j] sc[j] sum_{i in j} q[i] qx[i]  -  dmin * sum_j dx[j] m[j] (bsums[2j] + bsums[2j+1])
 * Variants: ref, generic, AVX2 and AVX-512 VNNI (as Q4_K's, ck_q8_Kx activations; the fifth
 *   bits set with a byte mask).
 */
#include "ck_kquant_x86.h"

/* Every level's kernel is Q4_K's and Q5_K's at once, over `five` (ck_internal.h,
 * ck_kquant_x86.h). */
CK_K4_ENTRIES(q5_K, 1)
