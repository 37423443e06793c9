/*
 * ck_blocks.h - ggml's quantization block layouts, byte for byte.
 *
 * A quantized row of n elements is n / QK consecutive blocks; every block stores its own
 * scale(s), so a block can be decoded without its neighbours. Names and field order follow
 * ggml (`block_q4_K`, ...), so a GGUF tensor's bytes can be read through these structs
 * directly. Half-precision fields are stored as raw IEEE binary16 bits (`ck_half`).
 *
 *   32-element blocks (QK = 32)            256-element super-blocks (QK_K = 256)
 *   Q4_0  d, qs[16]            18 bytes     Q2_K  scales[16], qs[64], d, dmin      84 bytes
 *   Q4_1  d, m, qs[16]         20 bytes     Q3_K  hmask[32], qs[64], scales[12], d 110 bytes
 *   Q5_0  d, qh[4], qs[16]     22 bytes     Q4_K  d, dmin, scales[12], qs[128]    144 bytes
 *   Q5_1  d, m, qh[4], qs[16]  24 bytes     Q5_K  d, dmin, scales[12], qh[32],
 *   Q8_0  d, qs[32]            34 bytes           qs[128]                        176 bytes
 *                                           Q6_K  ql[128], qh[64], scales[16], d 210 bytes
 *                                           Q8_K  d (f32), qs[256], bsums[16]    292 bytes
 *                                           Q8_K32 d[8] (f32), qs[256], bsums[16] 320 bytes
 *                                                 (ours, not ggml's: see below)
 *
 * The element order inside each block is documented in the kernel file of its type.
 */
#ifndef CK_BLOCKS_H
#define CK_BLOCKS_H

#include <stdint.h>

/** Elements per block of the 32-element ("legacy") quant types. */
#define CK_QK 32
/** Elements per super-block of the k-quant types. */
#define CK_QK_K 256
/** Bytes holding the packed 6-bit scales and mins of Q3_K/Q4_K/Q5_K. */
#define CK_K_SCALE_SIZE 12

/** IEEE 754 binary16, stored as its bit pattern. */
typedef uint16_t ck_half;
/** bfloat16 (the top half of an IEEE binary32), stored as its bit pattern. */
typedef uint16_t ck_bf16;

/** 4-bit: x = d * (q - 8), q in 0...15. */
typedef struct {
    ck_half d;
    uint8_t qs[CK_QK / 2];
} block_q4_0;

/** 4-bit with minimum: x = d * q + m, q in 0...15. */
typedef struct {
    ck_half d;
    ck_half m;
    uint8_t qs[CK_QK / 2];
} block_q4_1;

/** 5-bit: x = d * (q - 16), q in 0...31; bit 4 of q lives in qh. */
typedef struct {
    ck_half d;
    uint8_t qh[4];
    uint8_t qs[CK_QK / 2];
} block_q5_0;

/** 5-bit with minimum: x = d * q + m, q in 0...31. */
typedef struct {
    ck_half d;
    ck_half m;
    uint8_t qh[4];
    uint8_t qs[CK_QK / 2];
} block_q5_1;

/** 8-bit: x = d * q, q in -127...127. Also the activation format of the 32-block types. */
typedef struct {
    ck_half d;
    int8_t qs[CK_QK];
} block_q8_0;

/** Microscaling FP4 (OCP MX): x = 2^(e - 127) * E2M1(q), q a 4-bit index into the E2M1 values
 *  (0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives); element i < 16 is the low nibble of qs[i],
 *  element i >= 16 the high nibble of qs[i - 16]. See mxfp4.c. */
typedef struct {
    uint8_t e;
    uint8_t qs[CK_QK / 2];
} block_mxfp4;

/** 2-bit k-quant: 16 sub-blocks of 16, x = d * (sc & 15) * q - dmin * (sc >> 4). */
typedef struct {
    uint8_t scales[CK_QK_K / 16];
    uint8_t qs[CK_QK_K / 4];
    ck_half d;
    ck_half dmin;
} block_q2_K;

/** 3-bit k-quant: 16 sub-blocks of 16 with 6-bit signed scales, x = d * (sc - 32) * q. */
typedef struct {
    uint8_t hmask[CK_QK_K / 8];
    uint8_t qs[CK_QK_K / 4];
    uint8_t scales[12];
    ck_half d;
} block_q3_K;

/** 4-bit k-quant: 8 sub-blocks of 32 with 6-bit scales and mins, x = d * sc * q - dmin * m. */
typedef struct {
    ck_half d;
    ck_half dmin;
    uint8_t scales[CK_K_SCALE_SIZE];
    uint8_t qs[CK_QK_K / 2];
} block_q4_K;

/** 5-bit k-quant: as Q4_K with a fifth bit per element in qh. */
typedef struct {
    ck_half d;
    ck_half dmin;
    uint8_t scales[CK_K_SCALE_SIZE];
    uint8_t qh[CK_QK_K / 8];
    uint8_t qs[CK_QK_K / 2];
} block_q5_K;

/** 6-bit k-quant: 16 sub-blocks of 16 with int8 scales, x = d * sc * (q - 32). */
typedef struct {
    uint8_t ql[CK_QK_K / 2];
    uint8_t qh[CK_QK_K / 4];
    int8_t scales[CK_QK_K / 16];
    ck_half d;
} block_q6_K;

/** 8-bit k-quant activations: x = d * q, with the sum of every 16 consecutive q in bsums. */
typedef struct {
    float d;
    int8_t qs[CK_QK_K];
    int16_t bsums[CK_QK_K / 16];
} block_q8_K;

/** 8-bit k-quant activations with a scale per 32 elements (ours; ggml has no such block):
 *  x = d[i / 32] * q[i], with the sum of every 16 consecutive q in bsums. The k-quant weights
 *  Q4_K, Q5_K and Q6_K pair with it: their sub-blocks are 32 or 16 elements, so a scale per 32
 *  costs one f32 product per sub-block pair, while one scale per 256 (block_q8_K, ggml's
 *  pairing) lets one large activation coarsen the rounding of the other 255 (measured:
 *  scripts/fidelity.py). */
typedef struct {
    float d[CK_QK_K / 32];
    int8_t qs[CK_QK_K];
    int16_t bsums[CK_QK_K / 16];
} block_q8_K32;

_Static_assert(sizeof(block_q4_0) == 18, "block_q4_0 is 18 bytes per 32 elements");
_Static_assert(sizeof(block_q4_1) == 20, "block_q4_1 is 20 bytes per 32 elements");
_Static_assert(sizeof(block_q5_0) == 22, "block_q5_0 is 22 bytes per 32 elements");
_Static_assert(sizeof(block_q5_1) == 24, "block_q5_1 is 24 bytes per 32 elements");
_Static_assert(sizeof(block_q8_0) == 34, "block_q8_0 is 34 bytes per 32 elements");
_Static_assert(sizeof(block_mxfp4) == 17, "block_mxfp4 is 17 bytes per 32 elements");
_Static_assert(sizeof(block_q2_K) == 84, "block_q2_K is 84 bytes per 256 elements");
_Static_assert(sizeof(block_q3_K) == 110, "block_q3_K is 110 bytes per 256 elements");
_Static_assert(sizeof(block_q4_K) == 144, "block_q4_K is 144 bytes per 256 elements");
_Static_assert(sizeof(block_q5_K) == 176, "block_q5_K is 176 bytes per 256 elements");
_Static_assert(sizeof(block_q6_K) == 210, "block_q6_K is 210 bytes per 256 elements");
_Static_assert(sizeof(block_q8_K) == 292, "block_q8_K is 292 bytes per 256 elements");
_Static_assert(sizeof(block_q8_K32) == 320, "block_q8_K32 is 320 bytes per 256 elements");

#endif /* CK_BLOCKS_H */
