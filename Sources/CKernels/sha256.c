/*
 * sha256.c - the SHA-256 compression function (FIPS 180-4, section 6.2.2) over whole 64-byte
 * blocks, for the model installer's checksums. The portable version follows the standard's
 * round equations; on x86 with the SHA extensions (sha_ni) a second version runs the same
 * rounds with SHA256RNDS2 / SHA256MSG1 / SHA256MSG2, chosen at run time (cpu.c probes the
 * CPU). Padding and the byte order of the digest are the Swift side's (Kernels/SHA256.swift).
 */
#include "ck_internal.h"

#if defined(CK_X86)
#include <immintrin.h>
#endif

/* The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t ck_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ck_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void ck_sha256_blocks_generic(uint32_t state[8], const uint8_t *data, size_t blocks) {
    for (; blocks > 0; blocks--, data += 64) {
        uint32_t w[64];
        for (int t = 0; t < 16; t++) {
            const uint8_t *p = data + 4 * t;
            w[t] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
        }
        for (int t = 16; t < 64; t++) {
            const uint32_t s0 = ck_rotr(w[t - 15], 7) ^ ck_rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
            const uint32_t s1 = ck_rotr(w[t - 2], 17) ^ ck_rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++) {
            const uint32_t sum1 = ck_rotr(e, 6) ^ ck_rotr(e, 11) ^ ck_rotr(e, 25);
            const uint32_t choice = (e & f) ^ (~e & g);
            const uint32_t t1 = h + sum1 + choice + ck_sha256_k[t] + w[t];
            const uint32_t sum0 = ck_rotr(a, 2) ^ ck_rotr(a, 13) ^ ck_rotr(a, 22);
            const uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
            const uint32_t t2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}

#if defined(CK_X86)
/*
 * The SHA extensions keep the state as two vectors, (A, B, E, F) and (C, D, G, H), and run two
 * rounds per SHA256RNDS2 with W + K of those rounds in the low 64 bits of the third operand.
 * Message words come four at a time: W[4i..4i+3] = MSG2(MSG1(W[4i-16..], W[4i-12..]) +
 * W[4i-7..4i-4], W[4i-4..4i-1]).
 */
__attribute__((target("sha,sse4.1,ssse3"))) static void ck_sha256_blocks_shani(uint32_t state[8], const uint8_t *data,
                                                                                size_t blocks) {
    const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i m[4];
        for (int i = 0; i < 4; i++) m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byteswap);
        for (int i = 0; i < 16; i++) {
            if (i >= 4) { /* m[i % 4] holds W of group i-4; the others groups i-3, i-2, i-1 */
                __m128i t = _mm_sha256msg1_epu32(m[i & 3], m[(i + 1) & 3]);
                t = _mm_add_epi32(t, _mm_alignr_epi8(m[(i + 3) & 3], m[(i + 2) & 3], 4));
                m[i & 3] = _mm_sha256msg2_epu32(t, m[(i + 3) & 3]);
            }
            __m128i wk = _mm_add_epi32(m[i & 3], _mm_loadu_si128((const __m128i *)&ck_sha256_k[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            wk = _mm_shuffle_epi32(wk, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#endif

void ck_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, int portable) {
#if defined(CK_X86)
    if (!portable && ck_sha256_accelerated()) {
        ck_sha256_blocks_shani(state, data, blocks);
        return;
    }
#endif
    (void)portable;
    ck_sha256_blocks_generic(state, data, blocks);
}
