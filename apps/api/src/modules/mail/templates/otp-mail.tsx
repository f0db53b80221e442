/** The password-reset code mail (SPEC §2 /forget-password, §4; issue 9, templated in issue 11). */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface OtpMailProps {
  store: MailStore;
  name: string;
  otp: string;
  /** How long the code works, minutes. */
  minutes: number;
}

export function OtpMail({ store, name, otp, minutes }: OtpMailProps) {
  return (
    <MailLayout store={store} preview={`Your ${store.name} password reset code`}>
      <Heading as="h1" style={mailStyles.heading}>
        Reset your password
      </Heading>
      <Text style={mailStyles.text}>{`Hello ${name},`}</Text>
      <Text style={mailStyles.text}>{`Your code to reset your ${store.name} password is:`}</Text>
      <Text style={{ fontSize: '28px', fontWeight: 700, letterSpacing: '6px', margin: '8px 0 16px' }}>
        {otp}
      </Text>
      <Text style={mailStyles.text}>
        {`It works once, for ${minutes} minutes. If you did not ask for it, ignore this email: ` +
          'your password stays as it is.'}
      </Text>
    </MailLayout>
  );
}
