#ifndef CKERNELS_H
#define CKERNELS_H
/* Placeholder until the kernels land. */
int ck_version(void);
#endif
