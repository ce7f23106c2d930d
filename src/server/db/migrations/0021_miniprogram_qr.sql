-- The side toolbar's 小程序 entry (requirements 000-2): the WeChat mini-program code is an image WeChat
-- issues for a registered mini-program, so the platform cannot make one up. Operators paste the
-- address of that image here (upload it first); while it is empty the toolbar shows no 小程序 entry.
INSERT INTO system_param (key, value, description)
VALUES ('wx_miniprogram_qr', '', '微信小程序码图片地址（为空时工具栏不显示“小程序”）')
ON CONFLICT (key) DO NOTHING;
