// The public landing page (/home): static content, a Login link, the company footer.
import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_NAME, COPYRIGHT, TAGLINE } from '../../app/brand.js';
import { AboutSection, ContactSection, ReviewsSection, VisionMissionSection } from './landing-sections.js';

const SECTIONS = [
  { href: '#about', label: 'About' },
  { href: '#vision', label: 'Vision & Mission' },
  { href: '#reviews', label: 'Reviews' },
  { href: '#contact', label: 'Contact' },
];

export function LandingPage() {
  return (
    <Box>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={800} fz="xl" c="green.8">
              {APP_NAME}
            </Text>
            <Group gap="lg" wrap="nowrap">
              <Group gap="md" visibleFrom="sm" component="nav" aria-label="Sections">
                {SECTIONS.map((s) => (
                  <Anchor key={s.href} href={s.href} c="dark" size="sm">
                    {s.label}
                  </Anchor>
                ))}
              </Group>
              <Button component={Link} to="/login" variant="filled">
                Login
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Box bg="green.0" py={64}>
          <Container size="lg">
            <Stack gap="md" maw={680}>
              <Title order={1} fz={{ base: 32, sm: 44 }}>
                Genuine inputs, traced pack by pack
              </Title>
              <Text fz="lg">
                {TAGLINE} Scan the QR code on any pack to check it is genuine and earn loyalty points.
              </Text>
            </Stack>
          </Container>
        </Box>
        <Container size="lg" py="xl">
          <Stack gap={48}>
            <AboutSection />
            <VisionMissionSection />
            <ReviewsSection />
            <ContactSection />
          </Stack>
        </Container>
      </Box>

      <Box component="footer" py="md" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {COPYRIGHT}
            </Text>
            <Anchor component={Link} to="/privacy-policy" size="sm">
              Privacy Policy
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
