import { Component } from 'react';

interface Props {
  sitekey: string;
  onChange?: (token: string | null) => void;
  onExpired?: () => void;
}

/** Jest stand-in for the reCAPTCHA widget: a checkbox that hands over a fixed token. */
export default class ReCAPTCHA extends Component<Props, { checked: boolean }> {
  override state = { checked: false };
  reset() {
    this.setState({ checked: false });
  }
  override render() {
    return (
      <label data-sitekey={this.props.sitekey}>
        <input
          type="checkbox"
          checked={this.state.checked}
          onChange={(event) => {
            this.setState({ checked: event.target.checked });
            if (event.target.checked) this.props.onChange?.('test-captcha-token');
            else this.props.onExpired?.();
          }}
        />
        I&apos;m not a robot
      </label>
    );
  }
}
