// The privacy policy (spec 1 section 2.1 says it exists; its text is ours). Static, no sign-in.
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_NAME, COMPANY_NAME, COPYRIGHT } from '../../app/brand.js';

export function PrivacyPolicyPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to="/home" fw={800} fz="xl" c="green.8" underline="never">
          {APP_NAME}
        </Anchor>
        <Title order={1} fz="h2">
          Privacy Policy
        </Title>
        <Text>
          {COMPANY_NAME} runs {APP_NAME} to trace its product packs and to let buyers check that a pack is genuine. This
          page says what we collect and why.
        </Text>
        <Title order={2} fz="h4">
          What we collect
        </Title>
        <List spacing="xs">
          <List.Item>
            When you verify a pack: the code scanned, the time, and the location your browser shares if you allow it.
          </List.Item>
          <List.Item>
            If you fill in the details form: your name, e-mail and mobile number, used for loyalty points and replies.
          </List.Item>
          <List.Item>
            For staff accounts: name, e-mail, mobile number and the work recorded under the account.
          </List.Item>
        </List>
        <Title order={2} fz="h4">
          How we use it
        </Title>
        <Text>
          Only to verify products, run loyalty schemes, trace stock and answer you. We do not sell personal data. Data
          is kept as long as the law and the loyalty scheme need it and is protected by access controls.
        </Text>
        <Title order={2} fz="h4">
          Your choices
        </Title>
        <Text>
          You may ask to see, correct or delete your details by writing to us at the address on the home page.
        </Text>
        <Text size="xs" c="dimmed" mt="lg">
          {COPYRIGHT}
        </Text>
      </Stack>
    </Container>
  );
}
