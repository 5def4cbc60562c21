/* libxml2 as Debian builds it includes ICU's headers, whose enums clash with the ICU copy
   inside Foundation: ChatRender uses no encoding handler's fields, so ICU stays out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
