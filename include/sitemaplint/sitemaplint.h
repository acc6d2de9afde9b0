// sitemaplint's public API: everything a program needs to lint sitemaps (docs/library.md).
#pragma once

#include "findings.h"
#include "lint.h"
#include "report.h"
#include "settings.h"
#include "version.h"
