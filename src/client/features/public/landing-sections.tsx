// The static sections of the landing page (spec 3 "Marketing landing page"): about, vision and
// mission, customer reviews, contact.
import { Anchor, Blockquote, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPANY_NAME } from '../../app/brand.js';

const REVIEWS = [
  {
    quote: 'I scan the pack at the shop and know in seconds that the seed is genuine.',
    who: 'Ramesh P., farmer, Nashik',
  },
  {
    quote: 'Dispatch and receipt tally themselves now; our stock counts finally match.',
    who: 'Sunita K., distributor, Indore',
  },
  { quote: 'The handheld keeps packing even when the warehouse Wi-Fi drops.', who: 'Anil M., packing supervisor' },
];

export function AboutSection() {
  return (
    <Stack gap="sm" id="about">
      <Title order={2}>About us</Title>
      <Text>
        {COMPANY_NAME} makes seeds, bio-fertilisers and crop-protection products for Indian farms. Every pack we make
        carries its own QR code, followed from the packing line through cartons, dispatch and warehouses to the dealer
        and the farmer who buys it.
      </Text>
    </Stack>
  );
}

export function VisionMissionSection() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" id="vision">
      <Card withBorder padding="lg">
        <Title order={3} mb="xs">
          Our vision
        </Title>
        <Text>
          A countryside where every farmer can trust what is in the pack, and fake inputs have nowhere to sell.
        </Text>
      </Card>
      <Card withBorder padding="lg">
        <Title order={3} mb="xs">
          Our mission
        </Title>
        <Text>
          Give every pack a traceable identity, reward genuine purchases with loyalty points, and keep our supply chain
          honest from the factory gate to the field.
        </Text>
      </Card>
    </SimpleGrid>
  );
}

export function ReviewsSection() {
  return (
    <Stack gap="sm" id="reviews">
      <Title order={2}>What our customers say</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {REVIEWS.map((r) => (
          <Blockquote key={r.who} color="green" cite={`— ${r.who}`} p="md">
            {r.quote}
          </Blockquote>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function ContactSection() {
  return (
    <Stack gap={4} id="contact">
      <Title order={2} mb="xs">
        Contact
      </Title>
      <Text>{COMPANY_NAME}</Text>
      <Text>Plot 12, Agro Industrial Estate, Pune 411019, Maharashtra, India</Text>
      <Text>
        E-mail: <Anchor href="mailto:care@fieldtrace.example">care@fieldtrace.example</Anchor>
      </Text>
      <Text>
        Phone: <Anchor href="tel:+912000000000">+91 20 0000 0000</Anchor> (Monday to Saturday, 9:30 to 18:00)
      </Text>
    </Stack>
  );
}
