// OpenSSL's libcrypto (Debian libssl-dev): the header only, for SHA256_DIGEST_LENGTH. The
// library itself is opened with dlopen on the first digest (WorkoutStore's FileDigest), so
// that no start of hiit loads it (DESIGN §8 `source.sha256`).
#include <openssl/sha.h>
