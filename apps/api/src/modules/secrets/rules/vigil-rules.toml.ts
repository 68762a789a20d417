// Vigil's secret rule set, in gitleaks' configuration format (TOML: `[[rules]]` with id,
// description, regex, secretGroup, entropy, keywords, tags, `[[rules.allowlists]]`; a global
// `[allowlist]`), so a rule can be checked against gitleaks itself and a gitleaks rule brought
// over as it is. Regexes are RE2 (Go's syntax, as gitleaks'), run on re2js: linear time whatever
// the code searched. The severity is a tag (`severity:<level>`), which gitleaks ignores. Written
// for Vigil (issue 18); every rule has a hit and a near miss in rules.test.ts.
export const vigilRulesToml = String.raw`
title = "Vigil secret rules"

[allowlist]
description = "Files that hold no secrets worth an incident: lock files, binaries, vendored code"
paths = [
  '''(?i)\.(?:png|jpe?g|gif|svg|ico|woff2?|ttf|eot|pdf|zip|gz|jar|exe|dll|so|mp4|mp3)$''',
  '''(?:^|/)(?:package-lock\.json|yarn\.lock|pnpm-lock\.yaml|go\.sum|Cargo\.lock|composer\.lock)$''',
  '''(?:^|/)(?:node_modules|vendor|bower_components)/''',
]
stopwords = ["example", "xxxxxxxx", "changeme", "placeholder", "dummy", "redacted"]

[[rules]]
id = "aws-access-key-id"
description = "AWS access key ID"
regex = '''\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b'''
entropy = 3.0
keywords = ["a3t", "akia", "asia", "abia", "acca"]
tags = ["aws", "severity:critical"]

[[rules]]
id = "aws-secret-access-key"
description = "AWS secret access key"
regex = '''(?i)\baws_?(?:secret)?_?(?:access)?_?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)'''
secretGroup = 1
entropy = 4.0
keywords = ["aws"]
tags = ["aws", "severity:critical"]

[[rules]]
id = "github-pat"
description = "GitHub personal access token"
regex = '''\b(ghp_[0-9a-zA-Z]{36})\b'''
entropy = 3.0
keywords = ["ghp_"]
tags = ["github", "severity:critical"]

[[rules]]
id = "github-oauth"
description = "GitHub OAuth access token"
regex = '''\b(gho_[0-9a-zA-Z]{36})\b'''
entropy = 3.0
keywords = ["gho_"]
tags = ["github", "severity:critical"]

[[rules]]
id = "github-fine-grained-pat"
description = "GitHub fine-grained personal access token"
regex = '''\b(github_pat_[0-9a-zA-Z_]{82})\b'''
entropy = 3.0
keywords = ["github_pat_"]
tags = ["github", "severity:critical"]

[[rules]]
id = "github-app-token"
description = "GitHub App installation or user-to-server token"
regex = '''\b((?:ghu|ghs)_[0-9a-zA-Z]{36})\b'''
entropy = 3.0
keywords = ["ghu_", "ghs_"]
tags = ["github", "severity:high"]

[[rules]]
id = "gitlab-pat"
description = "GitLab personal access token"
regex = '''\b(glpat-[0-9a-zA-Z_-]{20})(?:[^0-9a-zA-Z_-]|$)'''
secretGroup = 1
entropy = 3.0
keywords = ["glpat-"]
tags = ["gitlab", "severity:critical"]

[[rules]]
id = "slack-token"
description = "Slack bot or user token"
regex = '''\b(xox[bp]-[0-9]{10,13}-[0-9]{10,13}(?:-[0-9]{10,13})?-[a-zA-Z0-9]{24,34})\b'''
keywords = ["xoxb-", "xoxp-"]
tags = ["slack", "severity:high"]

[[rules]]
id = "slack-webhook-url"
description = "Slack incoming webhook URL"
regex = '''(https://hooks\.slack\.com/services/T[A-Z0-9]{8,12}/B[A-Z0-9]{8,12}/[a-zA-Z0-9]{24})\b'''
keywords = ["hooks.slack.com"]
tags = ["slack", "severity:medium"]

[[rules]]
id = "stripe-live-secret-key"
description = "Stripe live secret or restricted key"
regex = '''\b((?:sk|rk)_live_[0-9a-zA-Z]{24,99})\b'''
entropy = 3.0
keywords = ["sk_live_", "rk_live_"]
tags = ["stripe", "payment", "severity:critical"]

[[rules]]
id = "google-api-key"
description = "Google API key"
regex = '''\b(AIza[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)'''
secretGroup = 1
entropy = 3.0
keywords = ["aiza"]
tags = ["google", "severity:high"]

[[rules]]
id = "google-oauth-client-secret"
description = "Google OAuth client secret"
regex = '''\b(GOCSPX-[a-zA-Z0-9_-]{28})(?:[^a-zA-Z0-9_-]|$)'''
secretGroup = 1
keywords = ["gocspx-"]
tags = ["google", "severity:high"]

[[rules]]
id = "private-key"
description = "Private key (PEM)"
regex = '''(?i)(-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]{64,}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----)'''
keywords = ["-----begin"]
tags = ["key", "severity:critical"]

[[rules]]
id = "jwt"
description = "JSON Web Token"
regex = '''\b(ey[a-zA-Z0-9_-]{17,}\.ey[a-zA-Z0-9_-]{17,}\.[a-zA-Z0-9_-]{10,})'''
entropy = 3.0
keywords = ["ey"]
tags = ["token", "severity:medium"]

[[rules]]
id = "generic-password"
description = "Password or secret assigned in code"
regex = '''(?i)\b(?:password|passwd|pwd|secret|secret_?key|api_?key|access_?token|auth_?token|client_?secret)\b["']?\s*(?::|=|:=|=>)\s*["']([^"'\s]{8,64})["']'''
secretGroup = 1
entropy = 3.5
keywords = ["password", "passwd", "pwd", "secret", "api_key", "apikey", "token"]
tags = ["generic", "severity:medium"]
  [[rules.allowlists]]
  description = "References to the environment or a template, not values"
  regexes = ['''^\$\{.*\}$''', '''^%\(.*\)s$''', '''^<[^>]*>$''', '''^\{\{.*\}\}$''', '''(?i)^process\.env\.''']
  stopwords = ["password", "secret", "token"]

[[rules]]
id = "database-url-password"
description = "Database connection URL with a password"
regex = '''(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver)://[^\s:@/"']{1,64}:([^\s:@/"']{4,128})@[^\s/"']+'''
secretGroup = 1
keywords = ["postgres", "mysql", "mariadb", "mongodb", "redis", "amqp", "mssql", "sqlserver"]
tags = ["database", "severity:high"]
  [[rules.allowlists]]
  description = "Local development databases"
  regexTarget = "match"
  regexes = ['''@(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?:[:/]|$)''']
  [[rules.allowlists]]
  description = "Default and template passwords"
  stopwords = ["password", "postgres", "root", "pass", "secret"]

[[rules]]
id = "azure-storage-account-key"
description = "Azure storage account key"
regex = '''(?i)AccountKey=([a-zA-Z0-9+/]{86}==)'''
secretGroup = 1
entropy = 4.0
keywords = ["accountkey="]
tags = ["azure", "severity:critical"]

[[rules]]
id = "azure-ad-client-secret"
description = "Azure AD (Entra ID) client secret"
regex = '''(?:^|[\\'"\s>=:(,)])([a-zA-Z0-9_~.]{3}[0-9]Q~[a-zA-Z0-9_~.-]{31,34})(?:$|[\\'"\s<),])'''
secretGroup = 1
entropy = 3.0
keywords = ["q~"]
tags = ["azure", "severity:high"]

[[rules]]
id = "sendgrid-api-key"
description = "SendGrid API key"
regex = '''\b(SG\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9_-]{43})(?:[^a-zA-Z0-9_-]|$)'''
secretGroup = 1
entropy = 3.0
keywords = ["sg."]
tags = ["email", "severity:high"]

[[rules]]
id = "twilio-api-key"
description = "Twilio API key SID"
regex = '''\b(SK[0-9a-fA-F]{32})\b'''
entropy = 3.0
keywords = ["sk"]
tags = ["twilio", "severity:high"]

[[rules]]
id = "twilio-auth-token"
description = "Twilio auth token"
regex = '''(?i)\btwilio[a-z_]{0,20}(?:auth|token)[a-z_]{0,20}["']?\s*[:=]\s*["']?([0-9a-f]{32})\b'''
secretGroup = 1
entropy = 3.0
keywords = ["twilio"]
tags = ["twilio", "severity:high"]

[[rules]]
id = "npm-access-token"
description = "npm access token"
regex = '''\b(npm_[a-zA-Z0-9]{36})\b'''
entropy = 3.0
keywords = ["npm_"]
tags = ["npm", "severity:high"]

[[rules]]
id = "vtex-app-key"
description = "VTEX appKey"
regex = '''\b(vtexappkey-[a-z0-9]{2,40}-[A-Z0-9]{6})\b'''
keywords = ["vtexappkey-"]
tags = ["vtex", "severity:medium"]

[[rules]]
id = "vtex-app-token"
description = "VTEX appToken"
regex = '''(?i)\b(?:x-vtex-api-apptoken|app_?token)\b["']?\s*[:=]\s*["']?([A-Z0-9]{100})\b'''
secretGroup = 1
entropy = 4.0
keywords = ["apptoken", "app_token"]
tags = ["vtex", "severity:critical"]

[[rules]]
id = "openai-api-key"
description = "OpenAI API key"
regex = '''\b(sk-(?:proj-)?[a-zA-Z0-9_-]{20,100}T3BlbkFJ[a-zA-Z0-9_-]{20,100})(?:[^a-zA-Z0-9_-]|$)'''
secretGroup = 1
keywords = ["t3blbkfj"]
tags = ["ai", "severity:high"]

[[rules]]
id = "shopify-access-token"
description = "Shopify access token"
regex = '''\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})\b'''
keywords = ["shpat_", "shpca_", "shppa_", "shpss_"]
tags = ["shopify", "severity:high"]

[[rules]]
id = "mercadopago-access-token"
description = "Mercado Pago access token"
regex = '''\b(APP_USR-[0-9]{16}-[0-9]{6}-[a-f0-9]{32}-[0-9]{6,12})\b'''
keywords = ["app_usr-"]
tags = ["payment", "severity:critical"]

[[rules]]
id = "telegram-bot-token"
description = "Telegram bot token"
regex = '''\b([0-9]{8,10}:AA[0-9A-Za-z_-]{33})(?:[^0-9A-Za-z_-]|$)'''
secretGroup = 1
keywords = [":aa"]
tags = ["telegram", "severity:medium"]
`;
