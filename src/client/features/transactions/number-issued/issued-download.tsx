// The admin's 'Download' on a Number Issued row: the preprinted print file of the issued range
// (Serial, Visible No, QR) for the outside printer, streamed with progress and offered again.
import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { GENERATION_API, printFileName } from '@shared/contracts/numbers/generation.js';
import { call } from '../../../api/call.js';
import { toast } from '../../../kit/toast.js';
import { FileProgress, GeneratedFileLink, usePrintFile } from '../use-print-file.js';

export function IssuedDownload({ issueId, fromNo, toNo }: { issueId: number; fromNo: number; toNo: number }) {
  const [opened, setOpened] = useState(false);
  const file = usePrintFile();

  const start = async () => {
    file.reset();
    setOpened(true);
    const env = await call(GENERATION_API.issuedFile, undefined, { id: issueId });
    if (env.ResponseCode !== '200') {
      setOpened(false);
      (env.ResponseCode === '400' ? toast.warn : toast.error)(env.ResponseMessage);
      return;
    }
    await file.download(env.ResponseData.downloadLinK, printFileName('', fromNo, toNo));
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => void start()}>
        Download
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Download Issued Numbers" centered>
        <Stack gap="sm">
          <Text size="sm">{`Numbers ${fromNo} to ${toNo}`}</Text>
          <FileProgress progress={file.progress} />
          <GeneratedFileLink file={file.file} />
        </Stack>
      </Modal>
    </>
  );
}
