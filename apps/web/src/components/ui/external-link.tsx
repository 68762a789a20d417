import { Link, type LinkProps, Text } from '@chakra-ui/react';
import { httpUrl } from '@/lib/http-url';

/** A link that opens in a new tab when `url` is http(s); any other URL is shown as plain text. */
export function ExternalLink({ url, ...props }: { url: string } & Omit<LinkProps, 'href'>) {
  const safe = httpUrl(url);
  if (!safe) {
    return (
      <Text as="span" wordBreak={props.wordBreak}>
        {url}
      </Text>
    );
  }
  return (
    <Link href={safe.href} target="_blank" rel="noreferrer noopener" {...props}>
      {url}
    </Link>
  );
}
