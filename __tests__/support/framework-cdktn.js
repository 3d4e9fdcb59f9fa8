process.env.CDK_FRAMEWORK = 'cdktn';
