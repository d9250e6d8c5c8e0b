#ifndef HIIT_CLIBXML2_SHIM_H
#define HIIT_CLIBXML2_SHIM_H
/* The two structures of libxml2's ABI that the GPX and TCX reader fills or reads. libxml2 is
   opened with dlopen on the first XML file (so that no start of hiit, a timer run above all,
   loads it and the ICU, lzma and zlib libraries it brings), so its headers are not needed: the
   layouts are those of libxml2's public headers, unchanged since libxml2 2.6 (parser.h:
   struct _xmlSAXHandler, SAX2 version, marked by XML_SAX2_MAGIC; xmlerror.h: struct
   _xmlError). Only the fields the reader uses have their function types; the others stay
   NULL. Strings are UTF-8 (libxml2's xmlChar). */

/* struct _xmlError */
typedef struct hiit_xml_error {
    int domain;
    int code;        /* enum xmlParserErrors */
    char *message;
    int level;       /* xmlErrorLevel: 1 warning, 2 error, 3 fatal */
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;        /* the column */
    void *ctxt;
    void *node;
} hiit_xml_error;

/* struct _xmlSAXHandler (SAX2) */
typedef struct hiit_xml_sax_handler {
    void *internalSubset;
    void *isStandalone;
    void *hasInternalSubset;
    void *hasExternalSubset;
    void *resolveEntity;
    void *(*getEntity)(void *context, const unsigned char *name);
    void *entityDecl;
    void *notationDecl;
    void *attributeDecl;
    void *elementDecl;
    void *unparsedEntityDecl;
    void *setDocumentLocator;
    void *startDocument;
    void *endDocument;
    void *startElement;
    void *endElement;
    void *reference;
    void (*characters)(void *context, const unsigned char *characters, int length);
    void *ignorableWhitespace;
    void *processingInstruction;
    void *comment;
    void *warning;
    void *error;
    void *fatalError;
    void *getParameterEntity;
    void (*cdataBlock)(void *context, const unsigned char *value, int length);
    void *externalSubset;
    unsigned int initialized;
    void *_private;
    void (*startElementNs)(void *context, const unsigned char *localName, const unsigned char *prefix,
                           const unsigned char *uri, int namespaceCount, const unsigned char **namespaces,
                           int attributeCount, int defaultedCount, const unsigned char **attributes);
    void (*endElementNs)(void *context, const unsigned char *localName, const unsigned char *prefix,
                         const unsigned char *uri);
    void (*serror)(void *context, hiit_xml_error *error);
} hiit_xml_sax_handler;

/* XML_SAX2_MAGIC: `initialized` of a SAX2 handler. */
#define HIIT_XML_SAX2_MAGIC 0xDEEDBEAFu
/* xmlParserOption: XML_PARSE_RECOVER (recover on errors), XML_PARSE_NOENT (substitute entities). */
#define HIIT_XML_PARSE_RECOVER 1
#define HIIT_XML_PARSE_NOENT 2

#endif
