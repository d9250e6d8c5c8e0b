// OpenSSL's libcrypto (Debian libssl-dev): only SHA-256, for the fingerprint of an imported
// activity file (DESIGN §8 `source.sha256`).
#include <openssl/sha.h>
