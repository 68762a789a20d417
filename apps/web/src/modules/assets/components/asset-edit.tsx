import { Button, chakra, HStack, Stack } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceList } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextInput } from '@/components/ui/text-input';
import { type AssetDetail, useUpdateAsset } from '../api/assets-api';
import { Tags } from './badges';

/** Tags typed as a list: separated by commas, blanks and repeats dropped. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** An asset's tags and owner: a form for those who may change them, the values for the others. */
export function AssetEdit({ asset, readOnly }: { asset: AssetDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAsset(asset.id);
  const [tags, setTags] = useState(asset.tags.join(', '));
  const [owner, setOwner] = useState(asset.owner ?? '');
  if (readOnly) {
    return (
      <EvidenceList
        items={[
          { label: t('assets.tags'), value: <Tags tags={asset.tags} /> },
          { label: t('assets.owner'), value: asset.owner },
        ]}
      />
    );
  }
  const failure = update.error instanceof ApiError ? update.error.serverMessage || update.error.message : null;
  return (
    <chakra.form
      aria-label={t('assets.editLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ tags: parseTags(tags), owner: owner.trim() || null });
      }}
    >
      <Stack gap="3">
        <TextInput label={t('assets.tagsField')} name="tags" value={tags} onValueChange={setTags} maxLength={900} />
        <TextInput label={t('assets.owner')} name="owner" value={owner} onValueChange={setOwner} maxLength={200} />
        <ErrorAlert message={failure} />
        <HStack>
          <Button type="submit" size="sm" loading={update.isPending}>
            {t('assets.save')}
          </Button>
          {update.isSuccess ? (
            <chakra.span fontSize="sm" role="status">
              {t('assets.saved')}
            </chakra.span>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
